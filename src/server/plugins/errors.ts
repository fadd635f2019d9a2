// How failures answer, for every route:
// - bad input (schema validation, malformed JSON, NUL characters or lone surrogates in any string,
//   nesting deeper than MAX_DEPTH) -> 400 naming the field, before any handler runs;
// - the database unreachable (refused, restarted, timed out) -> 503 with Retry-After, so clients
//   retry instead of showing a broken page;
// - a value the database cannot store (numeric overflow, bad date) -> 400;
// - anything else -> 500 "Internal Server Error".
// Bodies and info logs never carry the driver's text (which can name the database host and user).
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PasswordBusyError } from '../passwords.ts';
import { escapePointer } from '#shared/validation.ts';
import { errorBody } from '../error-reply.ts';

/** Deepest JSON nesting a request may carry (the deepest real body, a CMS entry, is far shallower). */
export const MAX_DEPTH = 32;
/** Seconds a client should wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE = 'Menuboard is briefly unavailable. Please try again in a moment.';

// Node socket errors and PostgreSQL SQLSTATEs that mean "the database is not there right now".
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement_timeout)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '08P01',
]);
const UNAVAILABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection is closed|not queryable|Cannot use a pool after calling end/i;

type Failure = Partial<FastifyError> & { code?: string; message?: string };

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as Failure;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return typeof message === 'string' && UNAVAILABLE_TEXT.test(message);
}

/** PostgreSQL data exceptions (class 22) and stack depth: the input's fault, not the server's. */
function isBadValue(error: Failure): boolean {
  const code = error.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && (code.startsWith('22') || code === '54001');
}

// A lone surrogate half, or NUL (PostgreSQL text cannot hold it; JSON can).
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A JSON pointer segment for an object key. */
const pointerSegment = (key: string) => `/${escapePointer(key)}`;

/**
 * Where a value breaks the rules: `{ field, message }` (field a JSON pointer) or null when fine.
 * Every request's body, query and params pass through here, so the pointer is built only on the way
 * back from a finding, not for every key that is fine.
 */
export function findUnstorable(value: unknown, depth = 0): { field: string; message: string } | null {
  if (typeof value === 'string') {
    return UNSTORABLE.test(value) ? { field: '', message: 'must not contain NUL characters or unpaired surrogates' } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_DEPTH) return { field: '', message: `must not nest deeper than ${MAX_DEPTH} levels` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], depth + 1);
      if (found) return { ...found, field: `/${i}${found.field}` };
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (UNSTORABLE.test(key))
      return { field: pointerSegment(key), message: 'must not have a name with NUL characters or unpaired surrogates' };
    const found = findUnstorable((value as Record<string, unknown>)[key], depth + 1);
    if (found) return { ...found, field: `${pointerSegment(key)}${found.field}` };
  }
  return null;
}

/**
 * Sends a body as ready JSON: a route's own response schema for that status (for example a 400
 * carrying `cardRegistration`) must not turn a refusal into a serialisation failure.
 */
function sendJson(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

function badRequest(reply: FastifyReply, message: string, errors: Array<{ field: string; message: string }>) {
  return sendJson(reply, 400, errorBody(400, message, { code: 'invalid', errors }));
}

/** "body/email" style (what Fastify's own messages use) to a field name "email". */
function fieldName(context: string, instancePath: string, missing?: unknown): string {
  const path = `${instancePath}${typeof missing === 'string' ? `/${missing}` : ''}`.replace(/^\//, '');
  return path || context;
}

function refuseUnstorable(reply: FastifyReply, context: string, found: { field: string; message: string }): void {
  const field = found.field.replace(/^\//, '') || context;
  void badRequest(reply, `${context}${found.field} ${found.message}`, [{ field, message: found.message }]);
}

/** A per-request warning, within the request log's line budget (plugins/request-log.ts); counted beyond it. */
function warnWithinBudget(request: FastifyRequest, fields: Record<string, unknown>, message: string): void {
  const budget = request.server.hasDecorator('requestLog') ? request.server.requestLog : null;
  if (!budget || budget.mayWrite()) request.log.warn(fields, message);
  else budget.count(`503 ${request.method} ${request.routeOptions.url ?? '(no route)'} ${message}`);
}

export function sendUnavailable(reply: FastifyReply) {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
  return sendJson(reply, 503, errorBody(503, UNAVAILABLE_MESSAGE, { code: 'unavailable' }));
}

export default fp(
  async function errors(app: FastifyInstance) {
    // Callback-style: every request runs it (see app.ts). A refusal answers; done is not called then.
    app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      let found = findUnstorable(request.body);
      if (found) return refuseUnstorable(reply, 'body', found);
      found = findUnstorable(request.query);
      if (found) return refuseUnstorable(reply, 'querystring', found);
      found = findUnstorable(request.params);
      if (found) return refuseUnstorable(reply, 'params', found);
      done();
    });

    app.setErrorHandler((error: Failure, request, reply) => {
      if (error.validation) {
        const context = error.validationContext ?? 'body';
        const errors = error.validation.slice(0, 20).map((v) => ({
          field: fieldName(context, v.instancePath, (v.params as { missingProperty?: unknown } | undefined)?.missingProperty),
          message: v.message ?? 'is not valid',
        }));
        return badRequest(reply, error.message ?? 'Bad Request', errors);
      }
      if (error instanceof PasswordBusyError) {
        warnWithinBudget(request, { url: request.routeOptions.url }, 'password hashing queue full; answered 503');
        reply.header('retry-after', '1').header('cache-control', 'no-store');
        return sendJson(reply, 503, errorBody(503, error.message, { code: 'busy' }));
      }
      if (isDatabaseUnavailable(error)) {
        warnWithinBudget(request, { url: request.routeOptions.url, code: error.code }, 'database unavailable; answered 503');
        return sendUnavailable(reply);
      }
      if (isBadValue(error)) {
        request.log.info({ url: request.routeOptions.url, code: error.code }, 'database refused a value; answered 400');
        return badRequest(reply, 'body has a value out of range or in the wrong form', [{ field: 'body', message: 'is not valid' }]);
      }
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status < 500) {
        // Fastify's own refusals (malformed JSON 400, too large 413, media type 415) and thrown
        // 4xx bodies such as the rate limiter's.
        const body: Record<string, unknown> = {
          statusCode: status,
          error:
            typeof (error as { error?: unknown }).error === 'string'
              ? (error as { error: string }).error
              : (STATUS_CODES[status] ?? 'Error'),
          message: error.message ?? STATUS_CODES[status] ?? 'Error',
        };
        if (typeof error.code === 'string') body.code = error.code;
        return sendJson(reply, status, body);
      }
      request.log.error({ err: error, url: request.routeOptions.url }, 'request failed');
      return sendJson(reply, 500, errorBody(500, 'Internal Server Error'));
    });
  },
  { name: 'errors' },
);
