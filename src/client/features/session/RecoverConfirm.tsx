// Credential recovery, step 2 (/recover/confirm): check your email.
import { useLocation } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import type { RecoverConfirmProps } from '#shared/generated/types.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { FormPanel, formStyles } from '#client/ui/form/index.ts';

export function RecoverConfirm({ title, intro }: RecoverConfirmProps) {
  const copy = useCopy();
  const sentTo = (useLocation().state as { sentTo?: unknown } | null)?.sentTo;
  const text =
    intro ??
    copy(
      'recover.confirm.intro',
      'If an account matches {value}, we have sent it a link to choose a new password. The link works once, for 30 minutes.',
    );
  return (
    <FormPanel
      icon="info"
      title={title ?? copy('recover.confirm.title', 'Check your email')}
      intro={
        <CopyText
          text={text.replace('{value}', typeof sentTo === 'string' ? sentTo : copy('recover.confirm.yourInput', 'what you entered'))}
        />
      }
      footer={
        <p>
          <CopyText
            text={copy(
              'recover.confirm.help',
              'No email after a few minutes? Check your spam folder or [contact support](link:supportEmail).',
            )}
          />
        </p>
      }
    >
      <div className={formStyles.actions}>
        <Link className={`${formStyles.button} ${formStyles.secondary}`} to="/recover">
          {copy('recover.confirm.again', 'Send another link')}
        </Link>
        <Link className={formStyles.button} to="/login">
          {copy('recover.confirm.signIn', 'Back to sign in')}
        </Link>
      </div>
    </FormPanel>
  );
}
