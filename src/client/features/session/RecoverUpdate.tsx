// Credential recovery, step 3 (/recover/update?token=...): the emailed single-use link. An expired
// or used link says so and offers a new one; otherwise a new password (stopping at 56 characters,
// not containing the partner number — the server checks that) and on to /recover/success.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import { useQuery } from '@tanstack/react-query';
import type { RecoverUpdateForm, RecoverUpdateProps } from '#shared/generated/types.ts';
import { validateFormsRecoverUpdate } from '#shared/generated/validators/validateFormsRecoverUpdate.js';
import { PASSWORD_MAX } from '#shared/prospect.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { Spinner } from '#client/ui/Spinner.tsx';
import {
  ErrorAlert,
  FormPanel,
  PasswordField,
  RequiredNote,
  SubmitButton,
  formStyles,
  schemaResolver,
  showServerFieldErrors,
} from '#client/ui/form/index.ts';
import { resetTokenQuery } from './api/reset-token.ts';
import { useRecoverPassword } from './api/update-password.ts';
import { errorBodyOf } from '#client/api/error-body.ts';

export function RecoverUpdate({ title, intro }: RecoverUpdateProps) {
  const copy = useCopy();
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  const status = useQuery({ ...resetTokenQuery(token), enabled: token.length >= 20 });
  const [expired, setExpired] = useState(false);
  const heading = title ?? copy('recover.update.title', 'Choose a new password');
  if (token.length >= 20 && status.isPending) return <Spinner size="lg" />;
  if (expired || token.length < 20 || !status.data?.valid) {
    return (
      <FormPanel
        title={copy('recover.update.expiredTitle', 'This link has expired')}
        intro={copy('recover.update.expired', 'This link has expired or was already used. Please request a new one.')}
      >
        <div className={formStyles.actions}>
          <Link className={formStyles.button} to="/recover">
            {copy('recover.confirm.again', 'Send another link')}
          </Link>
        </div>
      </FormPanel>
    );
  }
  return (
    <FormPanel
      title={heading}
      intro={
        <CopyText
          text={
            intro ??
            copy('recover.update.intro', 'Use 8 to 56 characters with a letter and a number. Do not use your {partnerNumberLabel}.')
          }
        />
      }
    >
      <UpdateForm token={token} onExpired={() => setExpired(true)} heading={heading} />
    </FormPanel>
  );
}

function UpdateForm({ token, onExpired, heading }: { token: string; onExpired: () => void; heading: string }) {
  const copy = useCopy();
  const navigate = useNavigate();
  const updatePassword = useRecoverPassword();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<RecoverUpdateForm>({
    mode: 'onBlur',
    defaultValues: { password: '', passwordConfirm: '' },
    resolver: schemaResolver<RecoverUpdateForm>(validateFormsRecoverUpdate, {
      copy,
      keepWhitespace: ['password', 'passwordConfirm'],
      messages: { password: { pattern: copy('join.passwordRule', 'Use at least one letter and one number.') } },
      refine: (v) => ({
        passwordConfirm:
          v.password && v.password !== v.passwordConfirm ? copy('join.passwordsDiffer', 'Passwords do not match.') : undefined,
      }),
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const onValid = async (values: RecoverUpdateForm) => {
    setProblem(null);
    try {
      await updatePassword.mutateAsync({ token, password: values.password, passwordConfirm: values.passwordConfirm });
      await navigate('/recover/success', { replace: true });
    } catch (error) {
      const body = errorBodyOf(error);
      if (body?.code === 'token_invalid') return onExpired();
      showServerFieldErrors(form, body, ['password', 'passwordConfirm']);
      setProblem(body?.message ?? copy('form.serverError', 'Something went wrong. Please refresh the page and try again.'));
    }
  };
  return (
    <form className={formStyles.form} noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} aria-label={heading}>
      {problem && <ErrorAlert title={problem} />}
      <RequiredNote />
      <PasswordField
        label={copy('recover.update.password', 'New password')}
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PasswordField
        label={copy('recover.update.passwordConfirm', 'Confirm new password')}
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        error={errors.passwordConfirm?.message}
        {...form.register('passwordConfirm')}
      />
      <div className={formStyles.actions}>
        <SubmitButton loading={isSubmitting}>{copy('recover.update.submit', 'Save new password')}</SubmitButton>
      </div>
    </form>
  );
}
