// @vitest-environment happy-dom
// The secure card-entry frame and the card registration form (src/client/ui/form/card-frame.ts,
// CardFrame.tsx, CardRegistrationForm.tsx) against spec 000 §8/§9 and 001 §4/§5/§9: a "not loaded"
// notice until the frame reports ready; 20 s without it sends a "failed" analytics event to
// window.dataLayer; the frame's messages count only from the providers origin AND the frame's own
// window; entries without lastFour are dropped and at most 12 cards go per registration; the card
// terms checkbox is required ("Linking a card and authorizing activity monitoring is required to
// complete and earn rewards."); with the captcha the first submit uses the checkbox token, later
// submits the invisible check, and a failed submit resets it.
import { installFakeCaptcha } from './fake-captcha.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp } from '#tests/utils/render.tsx';
import { CardFrame } from '#client/features/cards/CardFrame.tsx';
import { CardRegistrationForm, cardsToSend, type CardSubmitOutcome } from '#client/features/cards/CardRegistrationForm.tsx';
import { readCardFrameMessage, type EncryptedCard } from '#client/features/cards/card-frame.ts';
import type { CaptchaApi } from '#client/ui/form/captcha.ts';
import type { CardRegistrationRequest } from '#shared/generated/types.ts';

const PROVIDERS = 'http://localhost:3001'; // makeRuntime's providersOrigin
const FRAME_TITLE = 'Secure card number entry';
const LOADING = 'Loading the secure card form…';
const NOT_LOADED = 'The secure card form has not loaded. Please check your connection and refresh the page.';
const TERMS_MESSAGE = 'Linking a card and authorizing activity monitoring is required to complete and earn rewards.';

const VISA: EncryptedCard = { encryptedCardNumber: 'enc-4111', lastFour: '1111', cardType: 'visa' };

function frameWindow(): Window {
  const frame = screen.getByTitle(FRAME_TITLE) as HTMLIFrameElement;
  if (!frame.contentWindow) throw new Error('the card frame has no window');
  return frame.contentWindow;
}

/** A message event as the browser delivers it to our window. */
function post(data: object, { origin = PROVIDERS, source = frameWindow() as MessageEventSource | null } = {}) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: { source: 'mb-card-frame', ...data }, origin, source }));
  });
}

const failedEvents = () => (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === 'failed');

beforeEach(() => {
  vi.useFakeTimers();
  delete window.dataLayer;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete window.mbCaptcha;
  delete window.dataLayer;
});

describe('which frame messages count', () => {
  const ready = { source: 'mb-card-frame', type: 'ready' };
  const frame = { name: 'frame window' };

  it('accepts a message only from the providers origin and the frame window', () => {
    expect(readCardFrameMessage({ origin: PROVIDERS, data: ready, source: frame }, PROVIDERS, frame)).toEqual({ type: 'ready' });
    expect(readCardFrameMessage({ origin: 'http://evil.example', data: ready, source: frame }, PROVIDERS, frame)).toBeNull();
    expect(readCardFrameMessage({ origin: PROVIDERS, data: ready, source: { name: 'another window' } }, PROVIDERS, frame)).toBeNull();
    // While our iframe has no window (not mounted), nothing counts.
    expect(readCardFrameMessage({ origin: PROVIDERS, data: ready, source: frame }, PROVIDERS, null)).toBeNull();
    expect(readCardFrameMessage({ origin: PROVIDERS, data: ready, source: undefined }, PROVIDERS, undefined)).toBeNull();
  });

  it('drops a card without a four-digit lastFour', () => {
    const card = (c: object) =>
      readCardFrameMessage(
        { origin: PROVIDERS, data: { source: 'mb-card-frame', type: 'card', card: c }, source: frame },
        PROVIDERS,
        frame,
      );
    expect(card(VISA)).toEqual({ type: 'card', card: VISA });
    expect(card({ encryptedCardNumber: 'enc', cardType: 'visa' })).toBeNull();
    expect(card({ ...VISA, lastFour: '' })).toBeNull();
  });
});

describe('cards sent in one registration', () => {
  it('drops entries without lastFour', () => {
    const noLastFour = { encryptedCardNumber: 'enc-x', cardType: 'visa' as const };
    expect(cardsToSend([VISA, noLastFour, { ...VISA, lastFour: '' }, null, undefined])).toEqual([VISA]);
  });

  it('sends at most 12 cards', () => {
    const cards = Array.from({ length: 15 }, (_, i) => ({ ...VISA, lastFour: String(1000 + i) }));
    const sent = cardsToSend(cards);
    expect(sent).toHaveLength(12);
    expect(sent.map((c) => c.lastFour)).toEqual(cards.slice(0, 12).map((c) => c.lastFour));
  });
});

describe('the secure card frame', () => {
  function renderFrame() {
    const onCard = vi.fn<(card: EncryptedCard | null) => void>();
    renderWithApp(<CardFrame types={['VISA', 'MAST']} onCard={onCard} />);
    return onCard;
  }

  it('shows a notice until the frame reports ready, ignoring forged ready messages', () => {
    renderFrame();
    expect(screen.getByRole('status').textContent).toContain(LOADING);
    const frame = screen.getByTitle(FRAME_TITLE);
    expect(new URL(frame.getAttribute('src') ?? '').origin).toBe(PROVIDERS);
    post({ type: 'ready' }, { origin: 'http://evil.example' });
    post({ type: 'ready' }, { source: window });
    post({ type: 'ready' }, { source: null });
    expect(screen.getByRole('status').textContent).toContain(LOADING);
    post({ type: 'ready' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('hands over cards from the frame only, and none without lastFour', () => {
    const onCard = renderFrame();
    post({ type: 'card', card: VISA }, { origin: 'http://evil.example' });
    post({ type: 'card', card: VISA }, { source: window });
    post({ type: 'card', card: { encryptedCardNumber: 'enc', cardType: 'visa' } });
    expect(onCard).not.toHaveBeenCalled();
    post({ type: 'card', card: VISA });
    expect(onCard).toHaveBeenCalledExactlyOnceWith(VISA);
  });

  it('after 20 s without ready says it has not loaded and sends one "failed" analytics event', async () => {
    renderFrame();
    await act(() => vi.advanceTimersByTimeAsync(19_999));
    expect(failedEvents()).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain(LOADING);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(failedEvents()).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain(NOT_LOADED);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(failedEvents()).toHaveLength(1);
  });

  it('sends no "failed" event when the frame is ready in time', async () => {
    renderFrame();
    await act(() => vi.advanceTimersByTimeAsync(19_000));
    post({ type: 'ready' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(failedEvents()).toHaveLength(0);
  });
});

describe('the card registration form', () => {
  const fakeCaptcha = installFakeCaptcha;

  function renderForm(outcomes: CardSubmitOutcome[]) {
    const submit = vi.fn<(payload: CardRegistrationRequest) => Promise<CardSubmitOutcome>>(() => {
      const next = outcomes.shift();
      return next ? Promise.resolve(next) : Promise.reject(new Error('no outcome left'));
    });
    const onLinked = vi.fn();
    renderWithApp(<CardRegistrationForm submit={submit} onLinked={onLinked} onUnauthorized={vi.fn()} submitLabel="Link card" />);
    return { submit, onLinked };
  }

  const button = () => screen.getByRole('button', { name: 'Link card' });
  const termsBox = () => screen.getByRole('checkbox');
  const clickSubmit = async () => {
    fireEvent.click(button());
    await act(() => vi.advanceTimersByTimeAsync(0));
  };

  it('keeps submit disabled until a card is entered and the captcha is complete', async () => {
    const { tickCheckbox } = fakeCaptcha();
    renderForm([]);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(button().getAttribute('aria-disabled')).toBe('true');
    post({ type: 'card', card: VISA });
    expect(button().getAttribute('aria-disabled')).toBe('true');
    tickCheckbox();
    expect(button().getAttribute('aria-disabled')).toBeNull();
  });

  it('requires the card terms checkbox with the spec message', async () => {
    const { tickCheckbox } = fakeCaptcha();
    const { submit } = renderForm([{ ok: true, result: { cardRegistration: [] } }]);
    await act(() => vi.advanceTimersByTimeAsync(500));
    post({ type: 'card', card: VISA });
    tickCheckbox();
    await clickSubmit();
    expect(submit).not.toHaveBeenCalled();
    expect(within(screen.getByRole('alert')).getByText(TERMS_MESSAGE)).toBeTruthy();
    expect(termsBox().getAttribute('aria-required')).toBe('true');
    fireEvent.click(termsBox());
    await clickSubmit();
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('sends the checkbox token first, resets the captcha after a failed submit, then uses the invisible check', async () => {
    const { api, tickCheckbox } = fakeCaptcha();
    const { submit, onLinked } = renderForm([
      { ok: false, statusText: 'Internal Server Error' },
      { ok: true, result: { cardRegistration: [] } },
    ]);
    await act(() => vi.advanceTimersByTimeAsync(500));
    post({ type: 'card', card: VISA });
    tickCheckbox();
    fireEvent.click(termsBox());

    await clickSubmit();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]?.[0]).toEqual({ creditCards: [VISA], directFileFeedOptIn: true, gRecaptchaResponse: 'checkbox-token' });
    expect(api.execute).not.toHaveBeenCalled();
    expect(api.reset).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain('Internal Server Error');

    await clickSubmit();
    expect(api.execute).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[1]?.[0]).toMatchObject({ gRecaptchaResponse: 'invisible-token' });
    expect(onLinked).toHaveBeenCalledTimes(1);
  });

  it('shows "You must complete the reCAPTCHA to continue." when the checkbox token is missing', async () => {
    fakeCaptcha();
    const api = window.mbCaptcha!;
    api.getResponse = () => '';
    const { submit } = renderForm([]);
    await act(() => vi.advanceTimersByTimeAsync(500));
    post({ type: 'card', card: VISA });
    // The widget said it was ticked, but its token has since gone (e.g. expired between polls).
    act(() => {
      const options = (api.render as ReturnType<typeof vi.fn<CaptchaApi['render']>>).mock.calls[0]?.[1];
      options?.callback?.('stale');
    });
    fireEvent.click(termsBox());
    await clickSubmit();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('You must complete the reCAPTCHA to continue.');
  });

  it('shows the give-up message after 10 network errors', async () => {
    const { api } = fakeCaptcha();
    renderForm([]);
    await act(() => vi.advanceTimersByTimeAsync(500));
    const options = api.render.mock.calls[0]?.[1];
    for (let i = 0; i < 10; i += 1) options?.['error-callback']?.();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText('Too many network errors, give up on reCaptcha.')).toBeTruthy();
    expect(button().getAttribute('aria-disabled')).toBe('true');
  });
});
