// Re-enrolment of a closed account (spec 000 "Re-enrolment page", §8): POST /api/Member/Reenroll
// takes the card registration payload; linking a card reopens the account as a card member.
// Unauthorized -> 401 (the client goes to login); card errors come back in cardRegistration.
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { CardRegistrationRequest } from '#shared/generated/types.ts';
import { rateLimitedBody } from '../auth/replies.ts';
import { cardRegistrationSchema, registerCards } from './cards.ts';

export default async function reenroll(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false, errorResponseBuilder: () => rateLimitedBody() });
  app.post<{ Body: CardRegistrationRequest }>(
    '/api/Member/Reenroll',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: cardRegistrationSchema },
    (request, reply) => registerCards(app, request, reply, 'reenroll'),
  );
}
