// Enrolment step 3 (spec 000 §2): the success page after linking a card. Lists the linked cards
// from the stored registration result ("{description} ending in {lastFour}").
import { Link } from '#client/ui/Link.tsx';
import type { CardAddedProps } from '#shared/generated/types.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { FormPanel, formStyles } from '#client/ui/form/index.ts';
import { readCardRegistration, describeCard } from '#client/features/cards/index.ts';
import styles from './CardAdded.module.css';

export function CardAdded({ title, intro }: CardAddedProps) {
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
