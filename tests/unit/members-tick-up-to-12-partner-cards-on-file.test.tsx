// @vitest-environment happy-dom
// The partner-loaded cards checklist of the card registration form (src/client/ui/form/
// CardRegistrationForm.tsx, src/client/features/cards/api/partner-cards.ts) against spec 001 §2, §4, §5, §7, §8:
// asked for once and only when the partner has loaded cards ("Do not refresh, ..." while loading);
// one labelled checkbox per card ("Mastercard ending in 4444") in a fieldset with a legend; at most
// 12 per registration, the typed card counting as one, with a warning and the unticked boxes
// disabled at the maximum; a typed card is required only when there is no card on file to choose;
// ticked cards go as {partnerCardId, lastFour, cardType} next to the typed card.
import { installFakeCaptcha } from './fake-captcha.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeFetch, memberFixture, renderWithApp } from '#tests/utils/render.tsx';
import { CardRegistrationForm, type CardSubmitOutcome } from '#client/features/cards/CardRegistrationForm.tsx';
import type { EncryptedCard } from '#client/features/cards/card-frame.ts';
import { partnerCardsKey } from '#client/features/cards/api/partner-cards.ts';
import type { CardRegistrationRequest, PartnerCard } from '#shared/generated/types.ts';

const PROVIDERS = 'http://localhost:3001'; // makeRuntime's providersOrigin
const FRAME_TITLE = 'Secure card number entry';
const MAX_WARNING = 'You can link up to 12 cards at a time.';
const LOADING = /^Do not refresh, /;
const MEMBER = memberFixture({ publicId: 'metro-fleet', memberType: 'NonCardMember', tierLevel: 0 });
const TYPED: EncryptedCard = { encryptedCardNumber: 'enc-5556', lastFour: '5556', cardType: 'visa' };

const THREE: PartnerCard[] = [
  { partnerCardId: 'PC-1', cardType: 'visa', lastFour: '1881' },
  { partnerCardId: 'PC-2', cardType: 'mastercard', lastFour: '4444' },
  { partnerCardId: 'PC-3', cardType: 'amex', lastFour: '8431' },
];
const FOURTEEN: PartnerCard[] = Array.from({ length: 14 }, (_, i) => ({
  partnerCardId: `FLEET-${i + 1}`,
  cardType: (['visa', 'mastercard', 'amex', 'discover'] as const)[i % 4]!,
  lastFour: String(1001 + i),
}));

function fakeCaptcha() {
  return { tickCaptcha: installFakeCaptcha().tickCheckbox };
}

/** A typed card arriving from the secure frame, as the browser delivers it. */
function typeCard(card: EncryptedCard) {
  const frame = screen.getByTitle(FRAME_TITLE) as HTMLIFrameElement;
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: 'mb-card-frame', type: 'card', card },
        origin: PROVIDERS,
        source: frame.contentWindow,
      }),
    );
  });
}

/** Lets the list arrive and the captcha render (its readiness is polled every 500 ms). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(500));

async function renderForm({
  cards = THREE as PartnerCard[] | { status: number },
  partner = 'metro',
  outcomes = [] as CardSubmitOutcome[],
} = {}) {
  const api = fakeFetch({
    'GET /api/Cards/AllPartnerCards': Array.isArray(cards) ? { body: cards } : { status: cards.status, body: { message: 'Error' } },
  });
  vi.stubGlobal('fetch', api.fetch);
  const submit = vi.fn<(payload: CardRegistrationRequest) => Promise<CardSubmitOutcome>>(() => {
    const next = outcomes.shift();
    return next ? Promise.resolve(next) : Promise.reject(new Error('no outcome left'));
  });
  const onLinked = vi.fn();
  const onUnauthorized = vi.fn();
  const rendered = renderWithApp(
    <CardRegistrationForm submit={submit} onLinked={onLinked} onUnauthorized={onUnauthorized} submitLabel="Link card" />,
    {
      partner,
      member: MEMBER,
    },
  );
  return { ...rendered, calls: api.calls, submit, onLinked, onUnauthorized };
}

const checklist = () => screen.getByRole('group', { name: 'Your cards on file' });
const box = (name: string) => within(checklist()).getByRole<HTMLInputElement>('checkbox', { name });
const boxes = () => within(checklist()).getAllByRole('checkbox') as HTMLInputElement[];
const button = () => screen.getByRole('button', { name: 'Link card' });
const termsBox = () => screen.getByRole('checkbox', { name: /I authorize/ });
const clickSubmit = async () => {
  fireEvent.click(button());
  await act(() => vi.advanceTimersByTimeAsync(0));
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete window.mbCaptcha;
});

describe('the partner cards checklist', () => {
  it('says "Do not refresh, ..." while loading, then lists one labelled checkbox per card in a fieldset with a legend', async () => {
    fakeCaptcha();
    const { calls } = await renderForm();
    expect(screen.getByText(LOADING).getAttribute('role')).toBe('status');
    await settle();
    expect(screen.queryByText(LOADING)).toBeNull();
    expect(checklist().tagName).toBe('FIELDSET');
    expect(boxes().map((b) => b.labels?.[0]?.textContent)).toEqual([
      'Visa ending in 1881',
      'Mastercard ending in 4444',
      'American Express ending in 8431',
    ]);
    expect(box('Mastercard ending in 4444').checked).toBe(false);
    // Above the secure card frame.
    const frame = screen.getByTitle(FRAME_TITLE);
    expect(checklist().compareDocumentPosition(frame) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // With cards on file a typed number is optional, and the frame is told so (no required mark).
    expect(new URL((frame as HTMLIFrameElement).src).searchParams.get('optional')).toBe('1');
    // Asked for once, and never again (no refetch on focus, reconnect or a later render).
    expect(calls.filter((c) => c.url === '/api/Cards/AllPartnerCards')).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('focus'));
      window.dispatchEvent(new Event('online'));
    });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls.filter((c) => c.url === '/api/Cards/AllPartnerCards')).toHaveLength(1);
  });

  it('is not asked for when the partner has no loaded cards, and an empty list shows no checklist', async () => {
    fakeCaptcha();
    const skyline = await renderForm({ partner: 'skyline' });
    await settle();
    expect(skyline.calls).toHaveLength(0);
    expect(screen.queryByRole('group')).toBeNull();
    cleanup();

    const empty = await renderForm({ cards: [] });
    await settle();
    expect(empty.calls).toHaveLength(1);
    expect(screen.queryByRole('group')).toBeNull();
    expect(new URL((screen.getByTitle(FRAME_TITLE) as HTMLIFrameElement).src).searchParams.has('optional')).toBe(false);
    expect(screen.queryByText(LOADING)).toBeNull();
  });

  it('at 12 ticked shows the warning and disables the unticked boxes; unticking one enables them again', async () => {
    fakeCaptcha();
    await renderForm({ cards: FOURTEEN });
    await settle();
    expect(boxes()).toHaveLength(14);
    for (const b of boxes().slice(0, 11)) fireEvent.click(b);
    expect(screen.queryByText(MAX_WARNING)).toBeNull();
    expect(boxes().every((b) => !b.disabled)).toBe(true);

    fireEvent.click(boxes()[11]!);
    const status = within(checklist()).getByRole('status');
    expect(status.textContent).toBe(MAX_WARNING);
    expect(boxes().map((b) => b.disabled)).toEqual([...Array.from({ length: 12 }, () => false), true, true]);
    // A disabled box cannot be ticked.
    fireEvent.click(boxes()[12]!);
    expect(boxes()[12]!.checked).toBe(false);

    fireEvent.click(boxes()[0]!);
    expect(status.textContent).toBe('');
    expect(boxes().every((b) => !b.disabled)).toBe(true);
  });

  it('counts the typed card as one of the 12', async () => {
    fakeCaptcha();
    await renderForm({ cards: FOURTEEN });
    await settle();
    for (const b of boxes().slice(0, 11)) fireEvent.click(b);
    typeCard(TYPED);
    expect(within(checklist()).getByRole('status').textContent).toBe(MAX_WARNING);
    expect(boxes().filter((b) => b.disabled)).toHaveLength(3);
  });

  it('refuses 12 ticked plus a typed card, saying why', async () => {
    const { tickCaptcha } = fakeCaptcha();
    const { submit } = await renderForm({ cards: FOURTEEN });
    await settle();
    for (const b of boxes().slice(0, 12)) fireEvent.click(b);
    typeCard(TYPED);
    tickCaptcha();
    fireEvent.click(termsBox());
    expect(within(checklist()).getByRole('status').textContent).toContain(MAX_WARNING);
    expect(button().getAttribute('aria-disabled')).toBe('true');
    await clickSubmit();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Untick a card');
  });
});

describe('submitting with cards on file', () => {
  it('is ready once a card is ticked (no typed card needed) and the captcha is complete', async () => {
    const { tickCaptcha } = fakeCaptcha();
    await renderForm();
    await settle();
    tickCaptcha();
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Choose a card or enter a card number, and complete the security check to continue.')).toBeTruthy();
    await clickSubmit();
    expect(screen.getByRole('alert').textContent).toContain('Choose a card on file or enter a card number.');
    fireEvent.click(box('Visa ending in 1881'));
    expect(button().getAttribute('aria-disabled')).toBeNull();
  });

  it('sends ticked cards as {partnerCardId, lastFour, cardType} with the typed card, then drops the linked ones from the list', async () => {
    const { tickCaptcha } = fakeCaptcha();
    const linked = (c: PartnerCard, id: string) => ({
      lastFour: c.lastFour,
      cardType: c.cardType,
      memberCard: { id, description: 'Card', cardType: c.cardType, lastFour: c.lastFour, partnerCardId: c.partnerCardId },
    });
    const { submit, onLinked, queryClient } = await renderForm({
      outcomes: [
        {
          ok: true,
          result: {
            cardRegistration: [
              linked(THREE[0]!, '1'),
              linked(THREE[2]!, '2'),
              { ...TYPED, memberCard: { id: '3', description: 'Visa', cardType: 'visa', lastFour: '5556' } },
            ],
          },
        },
      ],
    });
    await settle();
    fireEvent.click(box('Visa ending in 1881'));
    fireEvent.click(box('American Express ending in 8431'));
    typeCard(TYPED);
    tickCaptcha();
    fireEvent.click(termsBox());
    await clickSubmit();
    expect(submit).toHaveBeenCalledExactlyOnceWith({
      creditCards: [
        { partnerCardId: 'PC-1', lastFour: '1881', cardType: 'visa' },
        { partnerCardId: 'PC-3', lastFour: '8431', cardType: 'amex' },
        TYPED,
      ],
      directFileFeedOptIn: true,
      gRecaptchaResponse: 'checkbox-token',
    });
    expect(onLinked).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(partnerCardsKey(MEMBER.publicId))).toEqual([THREE[1]]);
    expect(boxes().map((b) => b.labels?.[0]?.textContent)).toEqual(['Mastercard ending in 4444']);
  });

  it('lists per-card errors as "{description} ending in {lastFour} - {code}: {message}"', async () => {
    const { tickCaptcha } = fakeCaptcha();
    await renderForm({
      outcomes: [
        {
          ok: false,
          result: {
            code: 'none_linked',
            message: 'No card was linked.',
            cardRegistration: [
              {
                lastFour: '4444',
                cardType: 'mastercard',
                error: { code: 'duplicate', message: 'This card is already linked to your account.' },
              },
            ],
          },
        },
      ],
    });
    await settle();
    fireEvent.click(box('Mastercard ending in 4444'));
    tickCaptcha();
    fireEvent.click(termsBox());
    await clickSubmit();
    expect(
      within(screen.getByRole('alert')).getByText('Mastercard ending in 4444 - duplicate: This card is already linked to your account.'),
    ).toBeTruthy();
  });

  it('without cards on file a typed card is still required', async () => {
    const { tickCaptcha } = fakeCaptcha();
    await renderForm({ cards: [] });
    await settle();
    tickCaptcha();
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Enter a card number and complete the security check to continue.')).toBeTruthy();
    typeCard(TYPED);
    expect(button().getAttribute('aria-disabled')).toBeNull();
  });

  it('goes to sign in when the list answers 401, and falls back to a typed card on other failures', async () => {
    fakeCaptcha();
    const unauthorized = await renderForm({ cards: { status: 401 } });
    await settle();
    expect(unauthorized.onUnauthorized).toHaveBeenCalledTimes(1);
    cleanup();

    const failed = await renderForm({ cards: { status: 500 } });
    await settle();
    expect(failed.onUnauthorized).not.toHaveBeenCalled();
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByText('Your cards on file could not be loaded. Enter a card number instead.')).toBeTruthy();
  });
});
