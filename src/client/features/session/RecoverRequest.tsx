// Credential recovery, step 1 (/recover, direct partners): email or partner number -> a reset link
// by email; then /recover/confirm. The answer is the same whether or not an account matched.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { RecoverRequest as RecoverValues, RecoverRequestProps } from '#shared/generated/types.ts';
import { validateApiRecoverRequest } from '#shared/generated/validators/validateApiRecoverRequest.js';
import { isEmail } from '#shared/prospect.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { ErrorAlert, FormPanel, RequiredNote, SubmitButton, TextField, formStyles, schemaResolver } from '#client/ui/form/index.ts';
import { useRequestRecovery } from './api/request-recovery.ts';
import { errorBodyOf } from '#client/api/error-body.ts';

const RECOVER_INPUT_MESSAGE = 'Please enter a valid email address or partner number.';

function isRecoveryInput(value: string): boolean {
  return isEmail(value) || /^\d{10}$/.test(value);
}

export function RecoverRequest({ title, intro }: RecoverRequestProps) {
  const copy = useCopy();
  const navigate = useNavigate();
  const requestRecovery = useRequestRecovery();
  const [problem, setProblem] = useState<string | null>(null);
  const invalid = copy('recover.invalidInput', RECOVER_INPUT_MESSAGE);
  const form = useForm<RecoverValues>({
    mode: 'onBlur',
    defaultValues: { emailOrPartnerNumber: '' },
    resolver: schemaResolver<RecoverValues>(validateApiRecoverRequest, {
      copy,
      refine: (v) => ({ emailOrPartnerNumber: v.emailOrPartnerNumber && !isRecoveryInput(v.emailOrPartnerNumber) ? invalid : undefined }),
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const onValid = async ({ emailOrPartnerNumber }: RecoverValues) => {
    setProblem(null);
    try {
      await requestRecovery.mutateAsync(emailOrPartnerNumber);
      await navigate('/recover/confirm', { state: { sentTo: emailOrPartnerNumber } });
    } catch (error) {
      const body = errorBodyOf(error);
      if (body?.code === 'invalid') form.setError('emailOrPartnerNumber', { type: 'server', message: invalid });
      else
        setProblem(
          body?.code === 'rate_limited'
            ? copy('login.rateLimited', 'Too many attempts. Please wait a minute and try again.')
            : copy('form.serverError', 'Something went wrong. Please refresh the page and try again.'),
        );
    }
  };
  return (
    <FormPanel
      title={title ?? copy('recover.title', 'Reset your password')}
      intro={
        <CopyText
          text={
            intro ??
            copy(
              'recover.intro',
              'Enter the email address or {partnerNumberLabel} of your account. We will email you a link to choose a new password.',
            )
          }
        />
      }
      footer={
        <p>
          <CopyText text={copy('recover.back', 'Remembered it? [Sign in](link:signIn).')} />
        </p>
      }
    >
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        aria-label={copy('recover.title', 'Reset your password')}
      >
        {problem && <ErrorAlert title={problem} />}
        <RequiredNote />
        <TextField
          label={copy('recover.inputLabel', 'Email or {partnerNumberLabel}')}
          required
          autoComplete="username"
          maxLength={50}
          error={errors.emailOrPartnerNumber?.message}
          {...form.register('emailOrPartnerNumber')}
        />
        <div className={formStyles.actions}>
          <SubmitButton loading={isSubmitting}>{copy('recover.submit', 'Send reset link')}</SubmitButton>
        </div>
      </form>
    </FormPanel>
  );
}
