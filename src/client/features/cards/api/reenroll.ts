// POST /api/Member/Reenroll: a closed account registers a card again (same body and answers as
// POST /api/Member/Cards).
import type { CardRegistrationRequest } from '#shared/generated/types.ts';
import { postCardRegistration, type CardRegistrationOutcome } from './register-cards.ts';

export function reenroll(payload: CardRegistrationRequest): Promise<CardRegistrationOutcome> {
  return postCardRegistration('/api/Member/Reenroll', payload);
}
