// The account centre's calls (spec 001 §7; README "Account centre"). Every one needs a member
// session of this host's partner (401 otherwise) on a partner with enrolment (404 otherwise):
//   GET    /api/Member/DineSummary                      -> {currentYearBenefits, currentYearDines}
//   POST   /api/Member/Bonus/{code}                     -> the bonus, now Enrolled
//   GET    /api/Member/StatementCreditBalance           -> {memberBalance}          (credit partners)
//   GET    /api/Member/TransactionsStatementCredits     -> paged activity           (credit partners)
//   GET    /api/Member/Transactions?pageNo=&resultsPerPage= -> paged transactions
//   GET    /api/reviews/status?txnId=...&txnId=...      -> [{id, completed}]
//   GET    /api/Members/Validate/Zip?zip=               -> {isValid}
//   DELETE /api/Member/Cards?id={id}                    -> {cards, accountClosed}
import type { FastifyInstance, FastifyReply } from 'fastify';
import type {
  BonusCodeParams,
  CardDeleteQuery,
  CardDeleteResult,
  PageQuery,
  ReviewStatusQuery,
  ZipValidationQuery,
} from '#shared/generated/types.ts';
import { apiSchema } from '../auth/api-schema.ts';
import { clockFor } from '../auth/clock.ts';
import { clearSessionCookies } from '../auth/member-session.ts';
import { isUsZip } from '../geo/gazetteer.ts';
import {
  activateBonus,
  activityPage,
  creditBalance,
  deleteMemberCard,
  dineSummary,
  reviewStatuses,
  transactionsPage,
  type Paging,
} from '../repos/account.ts';
import { listCards } from '../repos/cards.ts';
import { sendError } from '../error-reply.ts';

/** Spec 001 §9: activity pages hold 10 rows and start at page 1. */
export const DEFAULT_PAGE_SIZE = 10;

const error = { $ref: 'api/error.schema.json#' };
const guarded = { 401: error, 404: error };

function paging(query: PageQuery): Paging {
  return { pageNo: query.pageNo ?? 1, resultsPerPage: query.resultsPerPage ?? DEFAULT_PAGE_SIZE };
}

function notFound(reply: FastifyReply, message: string) {
  return sendError(reply, 404, message, { code: 'not_found' });
}

export default async function account(app: FastifyInstance): Promise<void> {
  const clock = clockFor(app);
  const preHandler = app.requireMember;
  const gate = (...gates: Parameters<typeof app.requireGate>) => app.requireGate(...gates);
  // Every answer is one member's (this plugin's hooks cover only the routes below).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/Member/DineSummary',
    {
      onRequest: gate('enrollment', 'page:/account/overview'),
      preHandler,
      schema: { response: { 200: apiSchema('dine-summary.schema.json'), ...guarded } },
    },
    (request) => dineSummary(app.db, request.member.id, clock.now()),
  );

  app.post<{ Params: BonusCodeParams }>(
    '/api/Member/Bonus/:code',
    {
      onRequest: gate('enrollment', 'page:/account/overview'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      preHandler,
      schema: {
        params: { $ref: 'api/bonus-code.schema.json#' },
        response: { 200: { $ref: 'api/member.schema.json#/definitions/Bonus' }, 400: error, ...guarded },
      },
    },
    async (request, reply) => {
      const bonus = await activateBonus(app.db, request.member.id, request.params.code, clock.now());
      return bonus ?? notFound(reply, 'This bonus is not offered to you.');
    },
  );

  app.get(
    '/api/Member/StatementCreditBalance',
    // Statement credits exist only for partners whose currency is credit.
    {
      onRequest: gate('enrollment', 'credit', 'page:/account/recent_activity'),
      preHandler,
      schema: { response: { 200: apiSchema('credit-balance.schema.json'), ...guarded } },
    },
    async (request) => ({ memberBalance: await creditBalance(app.db, request.member.id) }),
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/Member/TransactionsStatementCredits',
    {
      onRequest: gate('enrollment', 'credit', 'page:/account/recent_activity'),
      preHandler,
      schema: {
        querystring: { $ref: 'api/page-query.schema.json#' },
        response: { 200: apiSchema('activity-page.schema.json'), 400: error, ...guarded },
      },
    },
    (request) => activityPage(app.db, request.member.id, paging(request.query), clock.now()),
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/Member/Transactions',
    {
      onRequest: gate('enrollment', 'page:/account/recent_activity'),
      preHandler,
      schema: {
        querystring: { $ref: 'api/page-query.schema.json#' },
        response: { 200: apiSchema('transactions-page.schema.json'), 400: error, ...guarded },
      },
    },
    (request) => transactionsPage(app.db, request.member.id, paging(request.query), clock.now()),
  );

  app.get<{ Querystring: ReviewStatusQuery }>(
    '/api/reviews/status',
    {
      onRequest: gate('enrollment', 'page:/account/recent_activity'),
      preHandler,
      schema: {
        querystring: { $ref: 'api/review-status-query.schema.json#' },
        response: { 200: apiSchema('review-statuses.schema.json'), 400: error, ...guarded },
      },
    },
    (request) => reviewStatuses(app.db, request.partner.id, request.member.id, request.query.txnId),
  );

  // The profile's ZIP check (spec 001 §5): five digits naming a real US ZIP code (the gazetteer's
  // list); anything else well within the length limit is simply not valid.
  app.get<{ Querystring: ZipValidationQuery }>(
    '/api/Members/Validate/Zip',
    {
      onRequest: gate('enrollment', 'page:/account/user_profile'),
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      preHandler,
      schema: {
        querystring: { $ref: 'api/zip-validation-query.schema.json#' },
        response: { 200: apiSchema('zip-validation.schema.json'), 400: error, ...guarded, 429: { $ref: 'api/auth-error.schema.json#' } },
      },
    },
    async (request) => ({ isValid: isUsZip(request.query.zip.trim()) }),
  );

  app.delete<{ Querystring: CardDeleteQuery }>(
    '/api/Member/Cards',
    {
      onRequest: gate('enrollment', 'page:/account/manage_cards'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      preHandler,
      schema: {
        querystring: { $ref: 'api/card-delete-query.schema.json#' },
        response: {
          200: apiSchema('card-delete-result.schema.json'),
          400: error,
          ...guarded,
          429: { $ref: 'api/auth-error.schema.json#' },
        },
      },
    },
    async (request, reply) => {
      const result = await deleteMemberCard(app.db, request.member.id, request.query.id);
      if (!result.found) return notFound(reply, 'You have no card with this id.');
      // The last card closed the account and ended its sessions; the cookies go with them.
      if (result.accountClosed) clearSessionCookies(reply);
      return { cards: await listCards(app.db, request.member.id), accountClosed: result.accountClosed } satisfies CardDeleteResult;
    },
  );
}
