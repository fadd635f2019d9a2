// /fix_credentials (spec 000 §2, direct partners): a member whose account has no usable email
// (signed in with the partner number) must set one before going on.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import type { FixCredentialsFormProps, FixCredentialsRequest } from '#shared/generated/types.ts';
import { validateApiFixCredentials } from '#shared/generated/validators/validateApiFixCredentials.js';
import { isEmail } from '#shared/prospect.ts';
import { useCopy, useMember } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import {
  ErrorAlert,
  FormPanel,
  Notice,
  RequiredNote,
  SubmitButton,
  TextField,
  formStyles,
  schemaResolver,
  showServerFieldErrors,
} from '#client/ui/form/index.ts';
import { useFixCredentials } from './api/fix-credentials.ts';
import { errorBodyOf } from '#client/api/error-body.ts';

export function FixCredentialsForm({ title, intro }: FixCredentialsFormProps) {
  const copy = useCopy();
  const member = useMember();
  const navigate = useNavigate();
  const fix = useFixCredentials();
  const [problem, setProblem] = useState<string | null>(null);
  const invalidEmail = copy('form.invalidEmail', 'Please enter a valid email address.');
  const form = useForm<FixCredentialsRequest>({
    mode: 'onBlur',
    defaultValues: { email: '', emailConfirm: '' },
    resolver: schemaResolver<FixCredentialsRequest>(validateApiFixCredentials, {
      copy,
      alsoRequired: () => ['emailConfirm'],
      refine: (v) => ({
        email: v.email && !isEmail(v.email) ? invalidEmail : undefined,
        emailConfirm:
          v.email && v.emailConfirm && v.email.toLowerCase() !== v.emailConfirm.toLowerCase()
            ? copy('fix.emailsDiffer', 'Email addresses do not match.')
            : undefined,
      }),
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const heading = title ?? copy('fix.title', 'Update your email address');

  if (!member || isEmail(member.email)) {
    return (
      <FormPanel title={heading}>
        <Notice role="status">
          <p>
            <CopyText
              text={
                member
                  ? copy('fix.notNeeded', 'Your email address is up to date.')
                  : copy('fix.signInFirst', '[Sign in](link:signIn) first.')
              }
            />
          </p>
        </Notice>
        {member && (
          <div className={formStyles.actions} style={{ marginTop: 'var(--space-4)' }}>
            <Link className={formStyles.button} to="/">
              {copy('login.continue', 'Continue')}
            </Link>
          </div>
        )}
      </FormPanel>
    );
  }

  const onValid = async (values: FixCredentialsRequest) => {
    setProblem(null);
    try {
      await fix.mutateAsync(values);
      await navigate('/', { replace: true });
    } catch (error) {
      const body = errorBodyOf(error);
      showServerFieldErrors(form, body, ['email', 'emailConfirm']);
      setProblem(body?.message ?? copy('form.serverError', 'Something went wrong. Please refresh the page and try again.'));
    }
  };

  return (
    <FormPanel
      title={heading}
      intro={
        <CopyText
          text={
            intro ??
            copy(
              'fix.intro',
              'We need a valid email address for your account before you go on. We use it to send your password resets and account notices.',
            )
          }
        />
      }
    >
      <form className={formStyles.form} noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} aria-label={heading}>
        {problem && <ErrorAlert title={problem} />}
        <RequiredNote />
        <TextField
          label={copy('fix.email', 'Email address')}
          required
          type="email"
          autoComplete="email"
          maxLength={50}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={copy('fix.emailConfirm', 'Confirm email address')}
          required
          type="email"
          autoComplete="email"
          maxLength={50}
          error={errors.emailConfirm?.message}
          {...form.register('emailConfirm')}
        />
        <div className={formStyles.actions}>
          <SubmitButton loading={isSubmitting}>{copy('fix.submit', 'Save and continue')}</SubmitButton>
        </div>
      </form>
    </FormPanel>
  );
}
