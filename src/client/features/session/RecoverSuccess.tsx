// Credential recovery, step 4 (/recover/success).
import { Link } from '#client/ui/Link.tsx';
import type { RecoverSuccessProps } from '#shared/generated/types.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { FormPanel, formStyles } from '#client/ui/form/index.ts';

export function RecoverSuccess({ title, intro }: RecoverSuccessProps) {
  const copy = useCopy();
  return (
    <FormPanel
      icon="success"
      title={title ?? copy('recover.success.title', 'Your password has been updated')}
      intro={
        <CopyText
          text={
            intro ?? copy('recover.success.intro', 'Sign in with your new password. For your security we signed you out everywhere else.')
          }
        />
      }
    >
      <div className={formStyles.actions}>
        <Link className={formStyles.button} to="/login">
          {copy('recover.success.signIn', 'Sign in')}
        </Link>
      </div>
    </FormPanel>
  );
}
