// The card registration form shared by enrolment step 2, re-enrolment and card management: the
// checklist of partner-loaded cards (when the partner has them and the member has some), the secure
// card frame, the required card-terms checkbox, the captcha and the submit (not ready until a card
// is chosen or entered and the captcha is complete, spec 001 §4). At most 12 cards go in one
// registration, the typed card counting as one (spec 001 §5): at the maximum a warning shows and
// the unticked boxes are disabled. A typed card is required only when there is no card on file to
// choose. Entries without lastFour are dropped before sending. Card-level errors read
// "{description} ending in {lastFour} - {code}: {message}".
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardRegistrationRequest, CardRegistrationResult, PartnerCard } from '#shared/generated/types.ts';
import { CARD_NAMES, CARD_TERMS_MESSAGE, MAX_CARDS_PER_REGISTRATION, type CardType } from '#shared/cards.ts';
import { useCopy, useMember, usePartner, useRuntime } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { HttpError } from '#client/api/http.ts';
import { partnerCardsKey, partnerCardsQuery, withoutLinked } from './api/partner-cards.ts';
import { CARD_FRAME_HEIGHT, CardFrame, type CardFrameHandle } from './CardFrame.tsx';
import { CaptchaError, useCaptcha } from '#client/ui/form/index.ts';
import type { EncryptedCard } from './card-frame.ts';
import { CheckboxField, ErrorAlert, RequiredNote, SubmitButton } from '#client/ui/form/fields.tsx';
import { fillTemplate } from '#shared/copy.ts';
import styles from '#client/ui/form/Form.module.css';

export type CardSubmitOutcome =
  | { ok: true; result: CardRegistrationResult }
  | { ok: false; unauthorized: true }
  | { ok: false; unauthorized?: false; statusText?: string; result?: CardRegistrationResult };

export interface CardRegistrationFormProps {
  submit: (payload: CardRegistrationRequest) => Promise<CardSubmitOutcome>;
  onLinked: (result: CardRegistrationResult) => void;
  onUnauthorized: () => void;
  submitLabel: string;
  /** Extra actions beside submit ("No, thanks", "Sign in later"). */
  secondary?: ReactNode;
}

type Entry = CardRegistrationResult['cardRegistration'][number];

/** One entry of a registration: a typed card ({encryptedCardNumber, ...}) or a card on file ({partnerCardId, ...}). */
export type CardToSend = CardRegistrationRequest['creditCards'][number];

/** Entries a registration sends: only those with a last four (spec 000 §5, 001 §5), at most 12. */
export function cardsToSend<T extends CardToSend>(cards: ReadonlyArray<T | null | undefined>): T[] {
  return cards.filter((c): c is T => !!c && typeof c.lastFour === 'string' && c.lastFour !== '').slice(0, MAX_CARDS_PER_REGISTRATION);
}

/** A ticked card on file as the registration sends it (the server reads type and last four from its own record). */
export function partnerCardEntry(card: PartnerCard): CardToSend {
  return { partnerCardId: card.partnerCardId, lastFour: card.lastFour, cardType: card.cardType };
}

export function describeCard(entry: Pick<Entry, 'cardType' | 'lastFour'> & { memberCard?: { description: string } }): string {
  const description = entry.memberCard?.description ?? CARD_NAMES[entry.cardType as CardType] ?? 'Card';
  return `${description} ending in ${entry.lastFour}`;
}

/** "{description} ending in {lastFour} - {code}: {message}" for each failed card (spec 001 §8). */
export function cardErrors(result: CardRegistrationResult | undefined): string[] {
  return (result?.cardRegistration ?? []).filter((e) => e.error).map((e) => `${describeCard(e)} - ${e.error!.code}: ${e.error!.message}`);
}

export function CardRegistrationForm({ submit, onLinked, onUnauthorized, submitLabel, secondary }: CardRegistrationFormProps) {
  const copy = useCopy();
  const partner = usePartner();
  const member = useMember();
  const queryClient = useQueryClient();
  const { providersOrigin } = useRuntime();
  const frame = useRef<CardFrameHandle>(null);
  const captcha = useCaptcha(providersOrigin);
  const [card, setCard] = useState<EncryptedCard | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | undefined>();
  const [problems, setProblems] = useState<{ title: string; messages: string[] } | null>(null);
  const [working, setWorking] = useState(false);
  const checklistId = useId();

  // Asked for only when the partner has loaded cards (spec 001 §7); the form is shown to signed-in
  // members only, but without one there is nobody to ask about.
  const loadsPartnerCards = partner.config.hasPartnerLoadedCards && member !== null;
  const publicId = member?.publicId ?? '';
  const partnerCards = useQuery({ ...partnerCardsQuery(publicId), enabled: loadsPartnerCards });
  const partnerCardsUnauthorized = partnerCards.error instanceof HttpError && partnerCards.error.status === 401;
  // Unauthorized on any card call goes to sign in (spec 001 §8). The latest handler is read from a
  // ref so a parent passing a new function each render does not navigate again on every render.
  const onUnauthorizedRef = useRef(onUnauthorized);
  onUnauthorizedRef.current = onUnauthorized;
  useEffect(() => {
    if (partnerCardsUnauthorized) onUnauthorizedRef.current();
  }, [partnerCardsUnauthorized]);

  const loadingCardsOnFile = loadsPartnerCards && partnerCards.isPending;
  const available = loadsPartnerCards ? (partnerCards.data ?? []) : [];
  const hasPartnerCards = available.length > 0;
  const chosen = available.filter((c) => selected.has(c.partnerCardId));
  // The typed card counts as one of the 12 (spec 001 §5).
  const total = chosen.length + (card ? 1 : 0);
  const atMax = total >= MAX_CARDS_PER_REGISTRATION;
  const overMax = total > MAX_CARDS_PER_REGISTRATION;
  const maxMessage = fillTemplate(copy('cards.maxSelected', 'You can link up to {max} cards at a time.'), {
    max: MAX_CARDS_PER_REGISTRATION,
  });
  // Ticking 12 and then typing a card cannot be stopped inside the frame, so it is said and refused.
  const overMaxMessage = `${maxMessage} ${copy('cards.maxSelectedUncheck', 'Untick a card to link the card number you entered as well.')}`;

  const toggle = (partnerCardId: string, checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(partnerCardId);
      else next.delete(partnerCardId);
      return next;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (working) return;
    setProblems(null);
    if (overMax) {
      setProblems({ title: overMaxMessage, messages: [] });
      return;
    }
    const cards = cardsToSend<CardToSend>([...chosen.map(partnerCardEntry), card]);
    if (cards.length === 0) {
      if (hasPartnerCards) {
        setProblems({ title: copy('cards.chooseCard', 'Choose a card on file or enter a card number.'), messages: [] });
        return;
      }
      frame.current?.validate();
      setProblems({ title: copy('cards.emptyCard', 'Please enter your credit card number.'), messages: [] });
      return;
    }
    if (!terms) {
      const message = copy('cards.termsRequired', CARD_TERMS_MESSAGE);
      setTermsError(message);
      setProblems({ title: message, messages: [] });
      return;
    }
    setWorking(true);
    let token: string;
    try {
      token = await captcha.getToken();
    } catch (error) {
      setWorking(false);
      setProblems({
        title:
          error instanceof CaptchaError
            ? error.message
            : copy('form.serverError', 'Something went wrong. Please refresh the page and try again.'),
        messages: [],
      });
      return;
    }
    let outcome: CardSubmitOutcome;
    try {
      outcome = await submit({ creditCards: cards, directFileFeedOptIn: true, gRecaptchaResponse: token });
    } catch {
      outcome = { ok: false, statusText: copy('form.serverError', 'Something went wrong. Please refresh the page and try again.') };
    }
    setWorking(false);
    if (outcome.ok) {
      const failed = cardErrors(outcome.result);
      if (failed.length) setProblems({ title: copy('cards.someLinked', 'Some cards could not be linked.'), messages: failed });
      frame.current?.reset();
      setCard(null);
      setSelected(new Set());
      // The linked cards on file are no longer offered; dropping them here keeps the list right
      // without asking the server again (the list is never refetched, spec 001 §7).
      if (loadsPartnerCards)
        queryClient.setQueryData(partnerCardsKey(publicId), (old: PartnerCard[] | undefined) => withoutLinked(old, outcome.result));
      onLinked(outcome.result);
      return;
    }
    captcha.failed();
    if (outcome.unauthorized) {
      onUnauthorized();
      return;
    }
    const messages = cardErrors(outcome.result);
    const title = messages.length
      ? copy('cards.noneLinked', 'Your card could not be linked.')
      : (outcome.result?.message ??
        outcome.statusText ??
        copy('cards.registrationFailed', 'Your card could not be linked. Please try again.'));
    setProblems({ title, messages });
  };

  const types = partner.config.cardTypesAccepted;
  // With cards on file a ticked one is enough; without, a typed card is required (spec 001 §5).
  const canSubmit = total > 0 && !overMax && captcha.complete && !captcha.gaveUp;
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate data-testid="card-registration-form">
      <RequiredNote />
      {problems && <ErrorAlert title={problems.title} messages={problems.messages} />}
      {loadingCardsOnFile && (
        // In the card frame's box: the frame comes once the cards on file are known, in its place.
        <div className={styles.frameBox} style={{ minHeight: CARD_FRAME_HEIGHT }}>
          <p className={styles.hint} role="status">
            {copy('cards.partnerCardsLoading', 'Do not refresh, loading your cards on file…')}
          </p>
        </div>
      )}
      {loadsPartnerCards && partnerCards.isError && !partnerCardsUnauthorized && (
        <p className={styles.hint} role="status">
          {copy('cards.partnerCardsFailed', 'Your cards on file could not be loaded. Enter a card number instead.')}
        </p>
      )}
      {hasPartnerCards && (
        // Disabled as a whole while the registration runs, so the choice cannot change under it.
        <fieldset className={styles.partnerCards} disabled={working} aria-describedby={`${checklistId}-hint`}>
          <legend className={styles.legend}>{copy('cards.partnerCardsLegend', 'Your cards on file')}</legend>
          <p className={styles.hint} id={`${checklistId}-hint`}>
            {fillTemplate(copy('cards.partnerCardsHint', 'Choose the cards to link, up to {max} at a time, or enter another card below.'), {
              max: MAX_CARDS_PER_REGISTRATION,
            })}
          </p>
          <ul className={styles.cardList}>
            {available.map((c, index) => {
              // By position: the partner's ids may hold characters an element id should not.
              const id = `${checklistId}-card-${index}`;
              const checked = selected.has(c.partnerCardId);
              return (
                <li key={c.partnerCardId} className={styles.checkbox}>
                  <input
                    id={id}
                    type="checkbox"
                    checked={checked}
                    // At the maximum only the ticked boxes stay usable, so they can be unticked (spec 001 §4).
                    disabled={!checked && atMax}
                    onChange={(event) => toggle(c.partnerCardId, event.target.checked)}
                  />
                  <label htmlFor={id} className={styles.checkboxLabel}>
                    <span className={styles.cardBrand} data-brand={c.cardType} aria-hidden="true" />
                    {describeCard(c)}
                  </label>
                </li>
              );
            })}
          </ul>
          {/* Always present, so screen readers announce the warning when it appears. */}
          <div role="status" className={styles.liveRegion}>
            {atMax && <p className={styles.warning}>{overMax ? overMaxMessage : maxMessage}</p>}
          </div>
        </fieldset>
      )}
      {/* After the cards on file are known: whether a typed number is required is part of the frame's address. */}
      {!loadingCardsOnFile && (
        <CardFrame ref={frame} types={types} onCard={setCard} label={copy('cards.numberLabel', 'Card number')} optional={hasPartnerCards} />
      )}
      <CheckboxField
        label={
          <CopyText
            text={copy(
              'cards.termsLabel',
              'I authorize {programName} to monitor activity on the linked card to give me rewards, and I accept the [terms](link:terms).',
            )}
          />
        }
        required
        checked={terms}
        onChange={(event) => {
          setTerms(event.target.checked);
          if (event.target.checked) setTermsError(undefined);
        }}
        error={termsError}
      />
      <div className={styles.captcha}>
        <div ref={captcha.containerRef} data-testid="captcha" />
        {!captcha.ready && !captcha.gaveUp && (
          <p className={`${styles.hint} ${styles.captchaLoading}`}>{copy('captcha.loading', 'Loading the security check…')}</p>
        )}
        {captcha.gaveUp && <p className={styles.error}>{copy('captcha.gaveUp', 'Too many network errors, give up on reCaptcha.')}</p>}
      </div>
      {!canSubmit && !working && (
        <p className={styles.hint} id="card-submit-hint">
          {overMax
            ? overMaxMessage
            : hasPartnerCards
              ? copy('cards.submitHintPartnerCards', 'Choose a card or enter a card number, and complete the security check to continue.')
              : fillTemplate(copy('cards.submitHint', 'Enter a card number and complete the security check to continue.'), {})}
        </p>
      )}
      <div className={styles.actions}>
        <SubmitButton loading={working} disabled={!canSubmit}>
          {submitLabel}
        </SubmitButton>
        {secondary}
      </div>
    </form>
  );
}
