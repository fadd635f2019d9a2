// CSRF: GET /api/CSRF hands out a token that is an HMAC, under a server secret, of an HttpOnly
// per-browser secret cookie together with the session cookies the browser holds (member and
// editor). Every write must echo it in X-XSRF-TOKEN. Because the session ids are part of it, a
// token is worthless in another session and changes whenever a session starts or ends: the
// response that signs in (or out) carries the new token in the X-XSRF-TOKEN response header, and
// the client takes it from there (src/client/api/http.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EDITOR_COOKIE, MEMBER_COOKIE } from '../sessions.ts';
import { sendError } from '../error-reply.ts';

export const CSRF_COOKIE = 'mb_csrf';
export const CSRF_HEADER = 'x-xsrf-token';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The session cookies a token is bound to; null (or absent) means "no such session". */
export interface CsrfSessions {
  member?: string | null | undefined;
  editor?: string | null | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * After a session starts or ends: sends the token that goes with the cookies this reply leaves
     * the browser with (X-XSRF-TOKEN response header). `change` names the session cookies that
     * changed; the others are read from the request.
     */
    rotateCsrfToken(request: FastifyRequest, reply: FastifyReply, change: CsrfSessions): void;
  }
}

function tokenFor(serverSecret: string, browserSecret: string, sessions: CsrfSessions): string {
  // Cookie values are base64url, so the separators cannot be forged by a value.
  return createHmac('sha256', serverSecret)
    .update(`${browserSecret}\u0000${sessions.member ?? ''}\u0000${sessions.editor ?? ''}`)
    .digest('base64url');
}

function sessionsOf(request: FastifyRequest): CsrfSessions {
  return { member: request.cookies[MEMBER_COOKIE], editor: request.cookies[EDITOR_COOKIE] };
}

export function isValidCsrf(serverSecret: string, request: FastifyRequest): boolean {
  const browserSecret = request.cookies[CSRF_COOKIE];
  const sent = request.headers[CSRF_HEADER];
  if (!browserSecret || typeof sent !== 'string' || !sent) return false;
  const expected = Buffer.from(tokenFor(serverSecret, browserSecret, sessionsOf(request)));
  const given = Buffer.from(sent);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export default fp(
  async function csrf(app: FastifyInstance, opts: { secret: string }) {
    /** The browser's secret, made (and set as a cookie) when it has none yet. */
    const browserSecretOf = (request: FastifyRequest, reply: FastifyReply): string => {
      let browserSecret = request.cookies[CSRF_COOKIE];
      if (!browserSecret) {
        browserSecret = randomBytes(32).toString('base64url');
        // Remembered for the rest of this request, so a second call answers the same secret.
        request.cookies[CSRF_COOKIE] = browserSecret;
        reply.setCookie(CSRF_COOKIE, browserSecret, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto' });
      }
      return browserSecret;
    };

    app.decorate('rotateCsrfToken', (request: FastifyRequest, reply: FastifyReply, change: CsrfSessions) => {
      const sessions = { ...sessionsOf(request), ...change };
      reply.header(CSRF_HEADER, tokenFor(opts.secret, browserSecretOf(request, reply), sessions));
    });

    // Callback-style: every request runs it (see app.ts).
    app.addHook('onRequest', (request, reply, done) => {
      // Every write, whatever its path: the router decodes paths (/%61pi/... is /api/...), so a
      // prefix test on the raw URL could be walked around.
      if (!WRITE_METHODS.has(request.method) || isValidCsrf(opts.secret, request)) return done();
      // Answered here: the request goes no further (done is not called).
      void sendError(reply, 403, 'Missing or invalid CSRF token.', { code: 'csrf' });
    });

    app.get('/api/CSRF', { schema: { response: { 200: { $ref: 'api/csrf.schema.json#' } } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { csrfToken: tokenFor(opts.secret, browserSecretOf(request, reply), sessionsOf(request)) };
    });
  },
  { name: 'csrf' },
);
