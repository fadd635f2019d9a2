// Session end and the JS-readable expiry cookie (spec 000 §4, §7, §9).
// The session id itself stays in the HttpOnly mb_session cookie; the browser only learns when the
// session ends, so it can warn 60 s before and go to /SignOut at expiry.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { deleteSession, MEMBER_COOKIE } from '../sessions.ts';

/** Readable by the client (not HttpOnly): the ISO time the member session expires. */
export const SESSION_EXPIRES_COOKIE = 'mb_session_expires';
/** Set by the admin side while support staff emulate a member; sign-out ends the emulation too. */
export const EMULATION_COOKIE = 'mb_emulation';

/** Sets (or refreshes) the expiry cookie after a session is created or slid forward. */
export function setSessionExpiryCookie(reply: FastifyReply, expiresAt: Date): void {
  reply.setCookie(SESSION_EXPIRES_COOKIE, expiresAt.toISOString(), {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: 'auto',
    expires: expiresAt,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(MEMBER_COOKIE, { path: '/' });
  reply.clearCookie(SESSION_EXPIRES_COOKIE, { path: '/' });
  reply.clearCookie(EMULATION_COOKIE, { path: '/' });
}

export default async function session(app: FastifyInstance): Promise<void> {
  // GET (not POST) because the spec's client calls it with keepalive while the page unloads; it only
  // ends the caller's own member session (the editor session is a different cookie and survives).
  app.get(
    '/api/SignOut',
    { schema: { response: { 200: { $ref: 'api/signout.schema.json#' } } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await deleteSession(app.db, request.cookies[MEMBER_COOKIE]);
      clearSessionCookies(reply);
      return { signedOut: true };
    },
  );
}
