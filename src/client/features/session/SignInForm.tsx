// Sign in (spec 000 §2, §4, §8) at /login and /Login. Direct partners: email or partner number,
// password, remember me (90 days); the spec's refusals ("Invalid user name or password", the
// 30-minute lock with a recovery link, "We could not sign you in. Please check form for errors.");
// afterwards the stored login redirect, honoured only for a same-origin path. sso partners sign in
// at their programme's provider on the second origin.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import type { SignInFormProps, SignInRequest } from '#shared/generated/types.ts';
import { validateApiSignIn } from '#shared/generated/validators/validateApiSignIn.js';
import { isEmail } from '#shared/prospect.ts';
import { useCopy, useMember, usePartner } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import {
  CheckboxField,
  ErrorAlert,
  FormPanel,
  Notice,
  PasswordField,
  RequiredNote,
  SubmitButton,
  TextField,
  errorSummary,
  formStyles,
  schemaResolver,
} from '#client/ui/form/index.ts';
import { useSignIn } from './api/sign-in.ts';
import { ssoStartUrl } from './api/sso-start.ts';
import { takeLoginRedirect } from './login-redirect.ts';
import { safeRedirectPath } from '#shared/safe-redirect.ts';
import { errorBodyOf } from '#client/api/error-body.ts';

type Values = Required<SignInRequest>;

function ServerProblem({ problem }: { problem: { code: string; message: string } }) {
  const copy = useCopy();
  if (problem.code === 'locked') {
    return (
      <ErrorAlert>
        <p className={formStyles.alertTitle}>
          <CopyText
            text={copy(
              'login.locked',
              'Your account has been locked for 30 minutes. [Reset your password](link:recover) to get access more quickly.',
            )}
          />
        </p>
      </ErrorAlert>
    );
  }
  return <ErrorAlert title={problem.message} />;
}

export function SignInForm({ title, intro }: SignInFormProps) {
  const partner = usePartner();
  const copy = useCopy();
  const member = useMember();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const state = (location.state ?? null) as { email?: unknown; from?: unknown } | null;
  const rfr = params.get('rfr');
  const requested = () => safeRedirectPath(params.get('redirect')) ?? safeRedirectPath(state?.from);
  const heading = title ?? copy('login.title', 'Sign in');

  if (partner.config.enrollmentType === 'sso') {
    const provider = partner.config.sso?.providerName ?? partner.config.name;
    return (
      <FormPanel
        title={heading}
        intro={
          <CopyText
            text={
              intro ?? copy('login.sso.intro', 'Sign in with your {programName} account at {provider}.').replace('{provider}', provider)
            }
          />
        }
        footer={
          <p>
            <CopyText text={copy('login.sso.join', 'New to {programName}? [Join now](link:join).')} />
          </p>
        }
      >
        {params.get('sso') === 'failed' && <ErrorAlert title={copy('login.sso.failed', 'We could not sign you in. Please try again.')} />}
        <div className={formStyles.actions}>
          <button
            type="button"
            className={formStyles.button}
            onClick={() => window.location.assign(ssoStartUrl('signin', requested() ?? takeLoginRedirect()))}
          >
            {copy('login.sso.button', 'Continue to {provider}').replace('{provider}', provider)}
          </button>
        </div>
      </FormPanel>
    );
  }

  return (
    <DirectSignIn
      heading={heading}
      intro={intro}
      rfr={rfr}
      prefill={typeof state?.email === 'string' ? state.email : ''}
      requested={requested}
      member={member}
      navigate={navigate}
    />
  );
}

function DirectSignIn({
  heading,
  intro,
  rfr,
  prefill,
  requested,
  member,
  navigate,
}: {
  heading: string;
  intro: string | undefined;
  rfr: string | null;
  prefill: string;
  requested: () => string | null;
  member: ReturnType<typeof useMember>;
  navigate: ReturnType<typeof useNavigate>;
}) {
  const copy = useCopy();
  const partner = usePartner();
  const signIn = useSignIn();
  const [problem, setProblem] = useState<{ code: string; message: string } | null>(null);
  const labels = {
    email: copy('login.emailLabel', 'Email or {partnerNumberLabel}'),
    password: copy('login.passwordLabel', 'Password'),
  };
  const form = useForm<Values>({
    mode: 'onBlur',
    defaultValues: { email: prefill, password: '', rememberMe: false },
    resolver: schemaResolver<Values>(validateApiSignIn, { copy, keepWhitespace: ['password'] }),
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const summary = errorSummary(errors, labels, copy);

  const onValid = async (values: Values) => {
    setProblem(null);
    try {
      const signedIn = await signIn.mutateAsync(values);
      // An account from before emails were required must set one first.
      if (!isEmail(signedIn.email)) {
        await navigate('/fix_credentials', { replace: true });
        return;
      }
      await navigate(requested() ?? takeLoginRedirect() ?? '/', { replace: true });
    } catch (error) {
      const body = errorBodyOf(error);
      if (body?.code === 'invalid_credentials')
        setProblem({ code: 'invalid_credentials', message: copy('login.invalid', 'Invalid user name or password') });
      else if (body?.code === 'locked') setProblem({ code: 'locked', message: '' });
      else if (body?.code === 'rate_limited')
        setProblem({ code: 'rate_limited', message: copy('login.rateLimited', 'Too many attempts. Please wait a minute and try again.') });
      else if (body?.message && body.code) setProblem({ code: body.code, message: body.message });
      else
        setProblem({ code: 'server', message: copy('form.serverError', 'Something went wrong. Please refresh the page and try again.') });
    }
  };

  const rfrText =
    rfr === '3'
      ? copy('login.rfr3', 'Your account is already active. Sign in to continue.')
      : rfr === '4'
        ? copy('login.rfr4', 'Your online account is not active yet. [Reset your password](link:recover) to activate it.')
        : null;

  return (
    <FormPanel
      title={heading}
      intro={<CopyText text={intro ?? copy('login.intro', 'Welcome back to {programName}.')} />}
      footer={
        <>
          <p>
            <CopyText text={copy('login.forgot', '[Forgot your password?](link:recover)')} />
          </p>
          <p>
            <CopyText text={copy('login.joinPrompt', 'Not a member yet? [Join {programName}](link:join).')} />
          </p>
        </>
      }
    >
      <form className={formStyles.form} noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} aria-label={heading}>
        {member && (
          <Notice role="status">
            <p>
              {copy('login.alreadySignedIn', 'You are signed in as {name}.').replace('{name}', `${member.firstName} ${member.lastName}`)}{' '}
              <Link to="/">{copy('login.continue', 'Continue')}</Link>
            </p>
          </Notice>
        )}
        {rfrText && (
          <Notice role="status">
            <p>
              <CopyText text={rfrText} />
            </p>
          </Notice>
        )}
        {prefill && !problem && (
          <Notice role="status">
            <p>
              <CopyText
                text={copy(
                  'join.alreadyHaveAccount',
                  'You already have an account. [Sign in](link:signIn) or [recover your password](link:recover).',
                )}
              />
            </p>
          </Notice>
        )}
        {problem && <ServerProblem problem={problem} />}
        {isSubmitted && summary.length > 0 && (
          <ErrorAlert title={copy('login.checkForm', 'We could not sign you in. Please check form for errors.')} messages={summary} />
        )}
        <RequiredNote />
        <TextField
          label={labels.email}
          required
          type="text"
          inputMode="email"
          autoComplete="username"
          maxLength={50}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordField
          label={labels.password}
          required
          autoComplete="current-password"
          maxLength={56}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <CheckboxField label={partner.config.staySignedInLabel} {...form.register('rememberMe')} />
        <div className={formStyles.actions}>
          <SubmitButton loading={isSubmitting}>{copy('login.submit', 'Sign in')}</SubmitButton>
        </div>
      </form>
    </FormPanel>
  );
}
