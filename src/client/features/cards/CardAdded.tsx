// Enrolment step 3 (spec 000 §2): the success page after linking a card. Lists the linked cards
// from the stored registration result ("{description} ending in {lastFour}").
import { Navigate } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import type { CardAddedProps } from '#shared/generated/types.ts';
import { useCopy, useVisitor } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { FormPanel, formStyles } from '#client/ui/form/index.ts';
import { readCardRegistration } from './registration-success.ts';
import { describeCard } from './CardRegistrationForm.tsx';
import styles from './CardAdded.module.css';

/**
 * Where a visitor who has not just linked a card belongs instead of "You're all set": anonymous
 * visitors at home; members without a card (and no card linked in this browser just now: the member
 * data may still be on its way) at linking one; closed accounts at re-enrolment.
 */
const NOT_DONE: Partial<Record<string, string>> = {
  nonCardMember: '/add_card',
  closedAccount: '/account/overview',
};

export function CardAdded({ title, intro }: CardAddedProps) {
  const kind = useVisitor().kind;
  const justLinked = (readCardRegistration()?.cardRegistration ?? []).some((e) => e.memberCard);
  if (kind === 'anonymous' || kind === 'knownMember') return <Navigate to="/" replace />;
  const elsewhere = justLinked ? undefined : NOT_DONE[kind];
  if (elsewhere) return <Navigate to={elsewhere} replace />;
  return <CardAddedPanel title={title} intro={intro} />;
}

function CardAddedPanel({ title, intro }: CardAddedProps) {
  const copy = useCopy();
  const linked = (readCardRegistration()?.cardRegistration ?? []).filter((e) => e.memberCard);
  return (
    <FormPanel
      icon="success"
      eyebrow={copy('cardAdded.step3', 'Step 3 of 3 · Done')}
      title={title ?? copy('cardAdded.title', "You're all set!")}
      intro={
        <CopyText
          text={
            intro ??
            copy('cardAdded.intro', 'Dine at participating restaurants, pay with your linked card, and earn {currency} automatically.')
          }
        />
      }
    >
      {linked.length > 0 && (
        <ul className={styles.cards} aria-label={copy('cardAdded.linkedCards', 'Linked cards')}>
          {linked.map((entry, i) => (
            <li key={i} className={styles.card}>
              <span className={styles.brand} data-brand={entry.cardType} aria-hidden="true" />
              <span>{describeCard(entry)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className={`${formStyles.actions} ${styles.actions}`}>
        <Link className={formStyles.button} to="/search">
          {copy('cardAdded.search', 'Find restaurants')}
        </Link>
        <Link className={`${formStyles.button} ${formStyles.secondary}`} to="/account/overview">
          {copy('cardAdded.account', 'Go to your account')}
        </Link>
      </div>
    </FormPanel>
  );
}
