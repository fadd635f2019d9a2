// The card registration form shared by enrolment step 2, re-enrolment and card management: the
// secure card frame, the required card-terms checkbox, the captcha and the submit (disabled until a
// card is entered and the captcha is complete, spec 001 §4). Entries without lastFour are dropped
// before sending. Card-level errors read "{description} ending in {lastFour} - {code}: {message}".
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { CardRegistrationRequest, CardRegistrationResult } from '#shared/generated/types.ts';
import { CARD_NAMES, CARD_TERMS_MESSAGE, MAX_CARDS_PER_REGISTRATION, type CardType } from '#shared/cards.ts';
import { useCopy, usePartner, useRuntime } from '#client/ui/runtime.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { CardFrame, type CardFrameHandle } from './CardFrame.tsx';
import { CaptchaError, useCaptcha } from './captcha.ts';
import type { EncryptedCard } from './card-frame.ts';
import { CheckboxField, ErrorAlert, RequiredNote, SubmitButton } from './fields.tsx';
import { fill } from './resolver.ts';
import styles from './Form.module.css';

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

/** Entries a registration sends: only those with a last four (spec 000 §5, 001 §5), at most 12. */
export function cardsToSend(cards: ReadonlyArray<Partial<EncryptedCard> | null | undefined>): EncryptedCard[] {
  return cards.filter((c): c is EncryptedCard => !!c && typeof c.lastFour === 'string' && c.lastFour !== '').slice(0, MAX_CARDS_PER_REGISTRATION);
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
  const { providersOrigin } = useRuntime();
  const frame = useRef<CardFrameHandle>(null);
  const captcha = useCaptcha(providersOrigin);
  const [card, setCard] = useState<EncryptedCard | null>(null);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | undefined>();
  const [problems, setProblems] = useState<{ title: string; messages: string[] } | null>(null);
  const [working, setWorking] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (working) return;
    setProblems(null);
    const cards = cardsToSend([card]);
    if (cards.length === 0) {
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
      setProblems({ title: error instanceof CaptchaError ? error.message : copy('form.serverError', 'Something went wrong. Please refresh the page and try again.'), messages: [] });
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
      : outcome.result?.message ?? outcome.statusText ?? copy('cards.registrationFailed', 'Your card could not be linked. Please try again.');
    setProblems({ title, messages });
  };

  const types = partner.config.cardTypesAccepted;
  const canSubmit = card !== null && captcha.complete && !captcha.gaveUp;
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate data-testid="card-registration-form">
      <RequiredNote />
      {problems && <ErrorAlert title={problems.title} messages={problems.messages} />}
      <CardFrame ref={frame} types={types} onCard={setCard} label={copy('cards.numberLabel', 'Card number')} />
      <CheckboxField
        label={<CopyText text={copy('cards.termsLabel', 'I authorize {programName} to monitor activity on the linked card to give me rewards, and I accept the [terms](link:terms).')} />}
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
        {!captcha.ready && !captcha.gaveUp && <p className={styles.hint}>{copy('captcha.loading', 'Loading the security check…')}</p>}
        {captcha.gaveUp && <p className={styles.error}>{copy('captcha.gaveUp', 'Too many network errors, give up on reCaptcha.')}</p>}
      </div>
      {!canSubmit && !working && (
        <p className={styles.hint} id="card-submit-hint">
          {fill(copy('cards.submitHint', 'Enter a card number and complete the security check to continue.'), {})}
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
