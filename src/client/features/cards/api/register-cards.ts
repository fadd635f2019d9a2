// POST /api/Member/Cards (spec 001 §7): links cards. 401 and 500 reject with the status text; other
// errors carry a cardRegistration body, which the form lists.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardRegistrationRequest, CardRegistrationResult } from '#shared/generated/types.ts';
import { apiFetch, HttpError } from '#client/api/http.ts';
import { memberChanged } from '#client/features/session/index.ts';
import { cardsKey } from './member-cards.ts';

export type CardRegistrationOutcome =
  | { ok: true; result: CardRegistrationResult }
  | { ok: false; unauthorized: true }
  | { ok: false; unauthorized?: false; statusText?: string; result?: CardRegistrationResult };

/** Sends a card registration to `path` and sorts the answer; re-enrolment posts the same body. */
export async function postCardRegistration(path: string, payload: CardRegistrationRequest): Promise<CardRegistrationOutcome> {
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
  return postCardRegistration('/api/Member/Cards', payload);
}

/**
 * registerCards for the card registration form: once cards are linked, the card list and the member
 * (its type, its cards) are asked for again, without holding up what the form does next.
 */
export function useRegisterCards(): (payload: CardRegistrationRequest) => Promise<CardRegistrationOutcome> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: registerCards,
    onSuccess: (outcome) => {
      if (!outcome.ok) return;
      void client.invalidateQueries({ queryKey: cardsKey });
      void memberChanged(client);
    },
  }).mutateAsync;
}
