// The local booking provider's calls (spec 001 §2 "Merchant detail", §4-5, §8):
// GET /api/Reservations/Availability and POST /api/Reservations (signed in); the account centre's
// upcoming list (GET /api/Reservations), cancel (DELETE /api/Reservations/{confirmation}) and the
// calendar file (GET /api/Reservations/{confirmation}/calendar.ics), paths not shown in the spec.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiSchema } from '../auth/api-schema.ts';
import { programName } from '../partners/settings.ts';
import type { ReservationAvailabilityQuery, ReservationConfirmationParams, ReservationRequest } from '#shared/generated/types.ts';
import {
  book,
  bookableMerchant,
  cancelReservation,
  checkAvailability,
  memberReservation,
  upcomingReservations,
  type UpcomingReservation,
} from '../repos/reservations.ts';
import { sendError } from '../error-reply.ts';

const notBookable = (reply: FastifyReply) => sendError(reply, 404, 'merchantId: no merchant bookable online with this id.');

const MESSAGES = {
  overlap: 'You already have a reservation at this location within two hours.',
  fraud: 'Your account has been deactivated with the booking partner.',
  noAvailability: 'There is no availability for the time you chose.',
  partySize: 'partySize: the party is too small or too large for this restaurant.',
  tooFar: 'date: too far ahead to book.',
  tooClose: 'time: not far enough ahead to book.',
} as const;

const CANCEL_MESSAGES = {
  notFound: 'confirmation: no upcoming reservation of yours with this confirmation.',
  past: 'This reservation has already started and can no longer be cancelled.',
  tooClose: 'This reservation starts within the hour and can no longer be cancelled online. Please call the restaurant.',
} as const;

/** How long a booked table is held in the calendar file (the provider books no end time). */
const CALENDAR_EVENT_HOURS = 2;

async function calendarFile(reservation: UpcomingReservation, programName: string, host: string): Promise<string> {
  // Loaded on the first download, not at start-up: the package takes about 70 ms to load, and
  // start-up time is a budget (bench server-footprint).
  const { createEvent } = await import('ics');
  const start = Date.parse(reservation.startsAt);
  const { error, value } = createEvent({
    productId: `-//${programName}//Reservations//EN`,
    uid: `${reservation.confirmation}@${host}`,
    start,
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: CALENDAR_EVENT_HOURS },
    title: `Table for ${reservation.partySize} at ${reservation.merchantName}`,
    location: reservation.address,
    description: `Confirmation ${reservation.confirmation}. Booked with ${programName}.`,
    status: 'CONFIRMED',
  });
  // createEvent refuses only malformed input, which the database never holds.
  if (error || !value) throw error ?? new Error('calendar file not made');
  return value;
}

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

  memberReservations(app);
}

/** The member's own bookings: the upcoming list, cancel and the calendar file. */
function memberReservations(app: FastifyInstance): void {
  app.get(
    '/api/Reservations',
    {
      preHandler: app.requireMember,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { response: { 200: apiSchema('upcoming-reservations.schema.json') } },
    },
    async (request) => ({ reservations: await upcomingReservations(app.db, request.member.id) }),
  );

  app.delete<{ Params: ReservationConfirmationParams }>(
    '/api/Reservations/:confirmation',
    {
      preHandler: app.requireMember,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        params: { $ref: 'api/reservation-confirmation-params.schema.json#' },
        response: {
          200: { $ref: 'api/upcoming-reservation.schema.json#' },
          404: { $ref: 'api/error.schema.json#' },
          409: { $ref: 'api/error.schema.json#' },
        },
      },
    },
    async (request, reply) => {
      const outcome = await cancelReservation(app.db, request.member.id, request.params.confirmation);
      if (outcome.ok) return outcome.reservation;
      const status = outcome.code === 'notFound' ? 404 : 409;
      return reply.code(status).send({
        statusCode: status,
        error: status === 404 ? 'Not Found' : 'Conflict',
        code: outcome.code,
        message: CANCEL_MESSAGES[outcome.code],
      });
    },
  );

  app.get<{ Params: ReservationConfirmationParams }>(
    '/api/Reservations/:confirmation/calendar.ics',
    {
      preHandler: app.requireMember,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        params: { $ref: 'api/reservation-confirmation-params.schema.json#' },
        response: { 404: { $ref: 'api/error.schema.json#' } },
      },
    },
    async (request, reply) => {
      const reservation = await memberReservation(app.db, request.member.id, request.params.confirmation);
      if (!reservation) return sendError(reply, 404, CANCEL_MESSAGES.notFound);
      const body = await calendarFile(reservation, programName(request.partner), request.hostname.replace(/:\d+$/, ''));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="reservation-${reservation.confirmation}.ics"`)
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
}
