// Cards (spec 001 §7): GET /api/Member/Cards, POST /api/Member/Cards, and the re-enrolment
// registration POST /api/Member/Reenroll. 401 and 500 reject with the status text; other errors
// carry a cardRegistration body, which the form lists.
import { queryOptions } from '@tanstack/react-query';
import type { CardRegistrationRequest, CardRegistrationResult, MemberCards } from '#shared/generated/types.ts';
import { apiFetch, HttpError } from '#client/api/http.ts';

export const cardsKey = ['memberCards'] as const;

export const cardsQuery = queryOptions({
  queryKey: cardsKey,
  queryFn: () => apiFetch<MemberCards>('/api/Member/Cards'),
  retry: false,
});

export type CardRegistrationOutcome =
  | { ok: true; result: CardRegistrationResult }
  | { ok: false; unauthorized: true }
  | { ok: false; unauthorized?: false; statusText?: string; result?: CardRegistrationResult };

async function post(path: string, payload: CardRegistrationRequest): Promise<CardRegistrationOutcome> {
  // Entries without lastFour never leave the browser (spec 000 §5).
  const body = { ...payload, creditCards: payload.creditCards.filter((c) => !!c.lastFour) };
  try {
    return { ok: true, result: await apiFetch<CardRegistrationResult>(path, { method: 'POST', json: body }) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 401) return { ok: false, unauthorized: true };
    if (error.status >= 500) return { ok: false, statusText: error.statusText || 'Internal Server Error' };
    const result = error.body as CardRegistrationResult | null;
    return result && Array.isArray(result.cardRegistration) ? { ok: false, result } : { ok: false, statusText: error.statusText };
  }
}

export function registerCards(payload: CardRegistrationRequest): Promise<CardRegistrationOutcome> {
  return post('/api/Member/Cards', payload);
}

export function reenroll(payload: CardRegistrationRequest): Promise<CardRegistrationOutcome> {
  return post('/api/Member/Reenroll', payload);
}

/** The browser-stored "card registration success" (spec 000 §3): what step 3 shows after a reload. */
export const CARD_REGISTRATION_SUCCESS_KEY = 'mb.cardRegistrationSuccess';

export function storeCardRegistration(result: CardRegistrationResult): void {
  try {
    sessionStorage.setItem(CARD_REGISTRATION_SUCCESS_KEY, JSON.stringify(result));
  } catch {
    // Without storage step 3 shows its general success text.
  }
}

export function readCardRegistration(): CardRegistrationResult | null {
  try {
    const raw = sessionStorage.getItem(CARD_REGISTRATION_SUCCESS_KEY);
    const parsed = raw ? (JSON.parse(raw) as CardRegistrationResult) : null;
    return parsed && Array.isArray(parsed.cardRegistration) ? parsed : null;
  } catch {
    return null;
  }
}
