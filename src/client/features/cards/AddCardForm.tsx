// Enrolment step 2 (spec 000 §2, 001 §2): link a first card through the secure frame and the
// captcha, or decline with "No, thanks". Success stores the registration (step 3 reads it) and
// goes to /card_added; an Unauthorized answer goes to sign in and comes back here afterwards.
import { useNavigate } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import type { AddCardFormProps } from '#shared/generated/types.ts';
import { useCopy, useMember, usePartner } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { FormPanel, Notice, formStyles } from '#client/ui/form/index.ts';
import { useRegisterCards } from './api/register-cards.ts';
import { storeCardRegistration } from './registration-success.ts';
import { CardRegistrationForm } from './CardRegistrationForm.tsx';
import { rememberLoginRedirect } from '#client/features/session/index.ts';
import { signInPath as signInPathOf } from '#shared/partner.ts';

export function AddCardForm({ title, intro }: AddCardFormProps) {
  const copy = useCopy();
  const member = useMember();
  const navigate = useNavigate();
  const registerCards = useRegisterCards();
  const heading = title ?? copy('addCard.title', 'Link a card');
  const eyebrow = copy('addCard.step2', 'Step 2 of 3 · Add a card');

  // Sso partners sign in through /Login (spec 000 §2).
  const signInPath = signInPathOf(usePartner().config.enrollmentType);

  const toSignIn = () => {
    rememberLoginRedirect('/add_card');
    void navigate(signInPath);
  };

  if (!member) {
    return (
      <FormPanel title={heading} eyebrow={eyebrow}>
        <Notice role="status">
          <p>
            <CopyText text={copy('addCard.signInFirst', '[Sign in](link:signIn) or [join](link:join) first, then link your card here.')} />
          </p>
        </Notice>
      </FormPanel>
    );
  }

  return (
    <FormPanel
      title={heading}
      eyebrow={eyebrow}
      intro={
        <CopyText
          text={
            intro ??
            copy('addCard.intro', 'Link the credit or debit card you dine with. Pay as usual and we add your {currency} automatically.')
          }
        />
      }
    >
      <CardRegistrationForm
        submit={registerCards}
        submitLabel={copy('addCard.submit', 'Link card')}
        onUnauthorized={toSignIn}
        onLinked={(result) => {
          storeCardRegistration(result);
          void navigate('/card_added');
        }}
        secondary={
          <Link className={`${formStyles.button} ${formStyles.secondary}`} to="/" data-testid="decline-card">
            {copy('addCard.decline', 'No, thanks')}
          </Link>
        }
      />
    </FormPanel>
  );
}
