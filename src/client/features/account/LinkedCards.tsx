// Linked Cards (spec 001 §2 "Manage cards", §4 card deletion, §8, §9): the member's cards, each
// with a delete that asks first and then reads "Deleting..."; the spec's deleted / not deleted
// messages as toasts. Deleting the last card closes the account on the server, which also ends
// the session: the member is then forgotten here and lands on the home page signed out (their next
// sign-in is re-enrolment). Below the partner's maximum the shared add-card form follows the list;
// at it, the maximum notice does.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardRegistrationResult, MemberCard } from '#shared/generated/types.ts';
import { CARD_NAMES } from '#shared/cards.ts';
import { fillTemplate } from '#shared/copy.ts';
import { cardsQuery, useRegisterCards, CardRegistrationForm, describeCard } from '#client/features/cards/index.ts';
import { useMemberChanged } from '#client/features/session/index.ts';
import { Modal } from '#client/ui/Modal.tsx';
import { Spinner } from '#client/ui/Spinner.tsx';
import { useToast } from '#client/ui/toast/index.ts';
import { useCopy, usePartner } from '#client/runtime/index.tsx';
import { formStyles } from '#client/ui/form/index.ts';
import { useDeleteCard } from './api/delete-card.ts';
import { isUnauthorized } from './api/unauthorized.ts';
import { ACCOUNT_QUERY_ROOT } from './rules.ts';
import styles from './LinkedCards.module.css';

const BADGE_TEXT: Record<MemberCard['cardType'], string> = { amex: 'AMEX', discover: 'DISC', mastercard: 'MC', visa: 'VISA' };

const cardName = (card: MemberCard): string => card.description || CARD_NAMES[card.cardType];

function CardBadge({ type }: { type: MemberCard['cardType'] }) {
  return (
    <span className={`${styles.badge} ${styles[type] ?? ''}`} aria-hidden="true">
      {BADGE_TEXT[type]}
    </span>
  );
}

export function LinkedCards() {
  const copy = useCopy();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { maxLinkedCards } = usePartner().config;
  const cards = useQuery(cardsQuery);
  const remove = useDeleteCard();
  const registerCards = useRegisterCards();
  const [confirming, setConfirming] = useState<MemberCard | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const memberChanged = useMemberChanged();
  const forgetMember = () => void memberChanged(null);
  // The card list is not an account-keyed query, so its 401 is handled here (spec 001 §8).
  const listUnauthorized = isUnauthorized(cards.error);
  useEffect(() => {
    if (listUnauthorized) void memberChanged(null);
  }, [listUnauthorized, memberChanged]);

  const onDelete = (card: MemberCard) => {
    setConfirming(null);
    setDeletingId(card.id);
    remove.mutate(card.id, {
      onSuccess: (result) => {
        toast.show({
          kind: 'success',
          message: fillTemplate(copy('account.cards.deleted', 'Your card ending in {lastFour} has been deleted.'), {
            lastFour: card.lastFour,
          }),
        });
        if (result.accountClosed) {
          // The server has closed the account and ended the session. Going home refetches the
          // member (every navigation does), which now answers nobody; forgetting the member here,
          // while the account centre still shows, would send the visitor to sign in instead.
          queryClient.removeQueries({ queryKey: [ACCOUNT_QUERY_ROOT] });
          void navigate('/', { replace: true });
        }
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast.show({
          kind: 'error',
          message: fillTemplate(
            copy('account.cards.deleteFailed', 'Your card ending in {lastFour} can not be deleted, please try again later.'),
            {
              lastFour: card.lastFour,
            },
          ),
        });
      },
      onSettled: () => setDeletingId(null),
    });
  };

  const onLinked = (result: CardRegistrationResult) => {
    const linked = result.cardRegistration.filter((entry) => entry.memberCard && !entry.error).map((entry) => describeCard(entry));
    if (linked.length)
      toast.show({
        kind: 'success',
        message: fillTemplate(copy('account.cards.linked', 'Linked: {cards}.'), { cards: linked.join(', ') }),
      });
  };

  if (cards.isPending) {
    return (
      <section className={`container ${styles.page}`}>
        <Spinner label={copy('account.cards.loading', 'Do not refresh, loading your linked cards…')} />
      </section>
    );
  }
  if (cards.isError) {
    return (
      <section className={`container ${styles.page}`}>
        <p className={styles.notice} role="alert">
          {copy('form.serverError', 'Something went wrong. Please refresh the page and try again.')}
        </p>
      </section>
    );
  }

  const list = cards.data;
  const last = list.length === 1;
  const belowMax = list.length < maxLinkedCards;

  return (
    <div className="container">
      <div className={styles.page}>
        <section className={styles.section} aria-labelledby="linked-cards-title">
          <h2 id="linked-cards-title" className={styles.sectionTitle}>
            {copy('account.cards.listTitle', 'Your linked cards')}
          </h2>
          {list.length === 0 ? (
            <p className={styles.notice}>
              {copy('account.cards.none', 'You have no linked cards yet. Link one below to start earning {currency}.')}
            </p>
          ) : (
            <ul className={styles.list}>
              {list.map((card) => {
                const deleting = deletingId === card.id;
                return (
                  <li key={card.id} className={`${styles.card} ${deleting ? styles.deleting : ''}`} aria-busy={deleting || undefined}>
                    <CardBadge type={card.cardType} />
                    <span className={styles.cardText}>
                      <span className={styles.cardName}>{cardName(card)}</span>
                      <span className={styles.cardNumber}>
                        {fillTemplate(copy('account.cards.endingIn', 'ending in {lastFour}'), { lastFour: card.lastFour })}
                      </span>
                    </span>
                    {deleting ? (
                      <span className={styles.status} role="status">
                        {copy('account.cards.deleting', 'Deleting...')}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className={styles.delete}
                        disabled={deletingId !== null}
                        aria-label={fillTemplate(copy('account.cards.deleteLabel', 'Delete {card} ending in {lastFour}'), {
                          card: cardName(card),
                          lastFour: card.lastFour,
                        })}
                        onClick={() => setConfirming(card)}
                      >
                        {copy('account.cards.delete', 'Delete')}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        <section className={styles.section} aria-labelledby="add-card-title">
          <h2 id="add-card-title" className={styles.sectionTitle}>
            {list.length === 0 ? copy('account.cards.addFirstTitle', 'Link a card') : copy('account.cards.addTitle', 'Link another card')}
          </h2>
          {belowMax ? (
            <div className={styles.formCard}>
              <CardRegistrationForm
                submit={registerCards}
                submitLabel={copy('account.cards.addSubmit', 'Link card')}
                onUnauthorized={forgetMember}
                onLinked={onLinked}
              />
            </div>
          ) : (
            <p className={styles.notice} role="status">
              {fillTemplate(
                copy('account.cards.maxReached', 'You have reached the maximum of {max} linked cards. Delete a card to link another.'),
                {
                  max: maxLinkedCards,
                },
              )}
            </p>
          )}
        </section>

        {confirming && (
          <Modal
            title={copy('account.cards.confirmTitle', 'Delete this card?')}
            onClose={() => setConfirming(null)}
            describedBy="delete-card-text"
          >
            <p id="delete-card-text" className={styles.confirmText}>
              {fillTemplate(
                last
                  ? copy(
                      'account.cards.confirmLast',
                      '{card} ending in {lastFour} is your last linked card. Deleting it closes your account and signs you out; to earn {currency} again you will need to link a card.',
                    )
                  : copy('account.cards.confirmText', '{card} ending in {lastFour} will stop earning {currency}.'),
                { card: cardName(confirming), lastFour: confirming.lastFour },
              )}
            </p>
            <div className={styles.actions}>
              <button type="button" className={`${formStyles.button} ${formStyles.secondary}`} onClick={() => setConfirming(null)}>
                {copy('account.cards.cancel', 'Cancel')}
              </button>
              <button type="button" className={`${formStyles.button} ${styles.danger}`} onClick={() => onDelete(confirming)}>
                {copy('account.cards.confirm', 'Delete card')}
              </button>
            </div>
          </Modal>
        )}
      </div>
    </div>
  );
}
