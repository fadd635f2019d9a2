// The browser-stored "card registration success" (spec 000 §3): what step 3 shows after a reload.
import type { CardRegistrationResult } from '#shared/generated/types.ts';

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
