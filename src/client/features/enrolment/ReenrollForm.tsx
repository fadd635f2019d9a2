// Re-enrolment (spec 000 "Re-enrolment page", §4, §8): shown by the frame to closed-account members.
// Title, the card-deleted notice, the add-card notice, the card form, "Sign in later" (signs out)
// and submit. Success: "Your card ending in {lastFour} has been linked.", the member is refreshed
// and the browser goes to the account centre. Unauthorized goes to sign in; card errors are listed.
import { useNavigate } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import type { ReenrollFormProps } from '#shared/generated/types.ts';
import { useCopy, useMember, usePartner } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { useToast } from '#client/ui/toast/index.ts';
import { FormPanel, Notice, formStyles } from '#client/ui/form/index.ts';
import { reenroll, CardRegistrationForm } from '#client/features/cards/index.ts';
import { useMemberChanged } from '#client/features/session/index.ts';
import { signInPath as signInPathOf } from '#shared/partner.ts';

export function ReenrollForm({ title, intro }: ReenrollFormProps) {
  const copy = useCopy();
  const member = useMember();
  const toast = useToast();
  const navigate = useNavigate();
  const memberChanged = useMemberChanged();
  // Sso partners sign in through /Login (spec 000 §2).
  const signInPath = signInPathOf(usePartner().config.enrollmentType);
  if (!member) return null;
  return (
    <FormPanel
      level={2}
      title={title ?? copy('reenroll.title', 'Link a card to keep earning')}
      intro={intro ? <CopyText text={intro} /> : undefined}
    >
      <div className={formStyles.form}>
        <Notice role="status">
          <p>{copy('reenroll.cardDeleted', 'Your linked card was deleted, so your account is closed.')}</p>
        </Notice>
        <p>{copy('reenroll.addCard', 'Link a card before continuing to reopen your account and keep earning {currency}.')}</p>
        <CardRegistrationForm
          submit={reenroll}
          submitLabel={copy('reenroll.submit', 'Link card')}
          onUnauthorized={() => void navigate(signInPath)}
          onLinked={async (result) => {
            const linked = result.cardRegistration.find((e) => e.memberCard);
            if (linked) {
              toast.show({
                kind: 'success',
                message: copy('reenroll.success', 'Your card ending in {lastFour} has been linked.').replace('{lastFour}', linked.lastFour),
              });
            }
            // The account centre must see the reopened account, not the closed one it would send back here.
            await memberChanged();
            await navigate('/account/overview');
          }}
          secondary={
            <Link className={`${formStyles.button} ${formStyles.secondary}`} to="/SignOut" data-testid="sign-in-later">
              {copy('reenroll.later', 'Sign in later')}
            </Link>
          }
        />
      </div>
    </FormPanel>
  );
}
