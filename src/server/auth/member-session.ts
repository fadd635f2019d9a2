// Starting a member session after sign-in, enrolment or sso: the old session id (if the browser
// sent one) is deleted first, so a session id planted before sign-in is worthless afterwards.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSession, deleteMemberSessions, deleteSession, MEMBER_COOKIE, REMEMBER_MS, SESSION_MS } from '../sessions.ts';

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

export async function startMemberSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  memberId: number,
  remember: boolean,
): Promise<Date> {
  await deleteSession(app.db, request.cookies[MEMBER_COOKIE]);
  const ttlMs = remember ? REMEMBER_MS : SESSION_MS;
  const { id, expiresAt } = await createSession(app.db, {
    partnerId: request.partner.id,
    kind: 'member',
    subjectId: memberId,
    remember,
    ttlMs,
  });
  reply.setCookie(MEMBER_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    // Remember me: the cookie outlives the browser for 90 days; otherwise it is a session cookie.
    ...(remember ? { maxAge: Math.floor(REMEMBER_MS / 1000) } : {}),
  });
  setSessionExpiryCookie(reply, expiresAt);
  // The CSRF token is bound to the session id: the one issued before sign-in stops working.
  app.rotateCsrfToken(request, reply, { member: id });
  return expiresAt;
}

/** Ends every session of a member (after a password reset). */
export async function endMemberSessions(app: FastifyInstance, memberId: number): Promise<void> {
  await deleteMemberSessions(app.db, memberId);
}

/** Ends every session of a member but the one `keepSessionId` names (after a password change). */
export async function endOtherMemberSessions(app: FastifyInstance, memberId: number, keepSessionId: string | undefined): Promise<void> {
  await deleteMemberSessions(app.db, memberId, keepSessionId);
}
