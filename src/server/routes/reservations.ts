// The local booking provider's calls (spec 001 §2 "Merchant detail", §4-5, §8):
// GET /api/Reservations/Availability and POST /api/Reservations (signed in).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ReservationAvailabilityQuery, ReservationRequest } from '#shared/generated/types.ts';
import { book, bookableMerchant, checkAvailability } from '../repos/reservations.ts';

const notBookable = (reply: FastifyReply) =>
  reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'merchantId: no merchant bookable online with this id.' });

const MESSAGES = {
  overlap: 'You already have a reservation at this location within two hours.',
  fraud: 'Your account has been deactivated with the booking partner.',
  noAvailability: 'There is no availability for the time you chose.',
  partySize: 'partySize: the party is too small or too large for this restaurant.',
  tooFar: 'date: too far ahead to book.',
  tooClose: 'time: not far enough ahead to book.',
} as const;

export default async function reservations(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: ReservationAvailabilityQuery }>(
    '/api/Reservations/Availability',
    {
      onRequest: app.requireFlag('openTableReservationsEnabled'),
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        querystring: { $ref: 'api/reservation-availability-query.schema.json#' },
        response: { 200: { $ref: 'api/reservation-availability.schema.json#' }, 404: { $ref: 'api/error.schema.json#' } },
      },
    },
    async (request, reply) => {
      const merchant = await bookableMerchant(app.db, request.query.merchantId);
      if (!merchant) return notBookable(reply);
      const result = await checkAvailability(app.db, merchant, request.query);
      return { ...result, minPartySize: merchant.minPartySize, maxPartySize: merchant.maxPartySize };
    },
  );

  app.post<{ Body: ReservationRequest }>(
    '/api/Reservations',
    {
      onRequest: app.requireGate('enrollment', 'flag:openTableReservationsEnabled'),
      preHandler: app.requireMember,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        body: { $ref: 'api/reservation-request.schema.json#' },
        response: {
          201: { $ref: 'api/reservation.schema.json#' },
          404: { $ref: 'api/error.schema.json#' },
          409: { $ref: 'api/error.schema.json#' },
          422: { $ref: 'api/error.schema.json#' },
        },
      },
    },
    async (request, reply) => {
      const merchant = await bookableMerchant(app.db, request.body.merchantId);
      if (!merchant) return notBookable(reply);
      const outcome = await book(app.db, merchant, request.member, request.body);
      if (!outcome.ok) {
        const status = outcome.code === 'overlap' || outcome.code === 'noAvailability' || outcome.code === 'fraud' ? 409 : 422;
        return reply.code(status).send({
          statusCode: status,
          error: status === 409 ? 'Conflict' : 'Unprocessable Entity',
          code: outcome.code,
          message: MESSAGES[outcome.code],
        });
      }
      return reply.code(201).send({ confirmation: outcome.confirmation, ...request.body });
    },
  );
}
