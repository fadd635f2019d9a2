// CSRF: GET /api/CSRF hands out a token bound to an HttpOnly per-browser secret cookie
// (HMAC of it under a server secret). Every write to /api must echo the token in X-XSRF-TOKEN.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const CSRF_COOKIE = 'mb_csrf';
export const CSRF_HEADER = 'x-xsrf-token';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function tokenFor(serverSecret: string, browserSecret: string): string {
  return createHmac('sha256', serverSecret).update(browserSecret).digest('base64url');
}

export function isValidCsrf(serverSecret: string, request: FastifyRequest): boolean {
  const browserSecret = request.cookies[CSRF_COOKIE];
  const sent = request.headers[CSRF_HEADER];
  if (!browserSecret || typeof sent !== 'string' || !sent) return false;
  const expected = Buffer.from(tokenFor(serverSecret, browserSecret));
  const given = Buffer.from(sent);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export default fp(
  async function csrf(app: FastifyInstance, opts: { secret: string }) {
    app.addHook('onRequest', async (request, reply) => {
      // Every write, whatever its path: the router decodes paths (/%61pi/... is /api/...), so a
      // prefix test on the raw URL could be walked around.
      if (!WRITE_METHODS.has(request.method)) return;
      if (!isValidCsrf(opts.secret, request)) {
        return reply.code(403).send({ statusCode: 403, error: 'Forbidden', message: 'Missing or invalid CSRF token.', code: 'csrf' });
      }
    });

    app.get(
      '/api/CSRF',
      { schema: { response: { 200: { $ref: 'api/csrf.schema.json#' } } } },
      async (request, reply) => {
        let browserSecret = request.cookies[CSRF_COOKIE];
        if (!browserSecret) {
          browserSecret = randomBytes(32).toString('base64url');
          reply.setCookie(CSRF_COOKIE, browserSecret, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto' });
        }
        reply.header('cache-control', 'no-store');
        return { csrfToken: tokenFor(opts.secret, browserSecret) };
      },
    );
  },
  { name: 'csrf' },
);
