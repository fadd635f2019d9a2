// Starting a member session after sign-in, enrolment or sso: the old session id (if the browser
// sent one) is deleted first, so a session id planted before sign-in is worthless afterwards.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSession, deleteSession, MEMBER_COOKIE, REMEMBER_MS, SESSION_MS } from '../sessions.ts';
import { setSessionExpiryCookie } from '../routes/session.ts';

export async function startMemberSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  memberId: number,
  remember: boolean,
): Promise<Date> {
  await deleteSession(app.db, request.cookies[MEMBER_COOKIE]);
  const ttlMs = remember ? REMEMBER_MS : SESSION_MS;
  const { id, expiresAt } = await createSession(app.db, { partnerId: request.partner.id, kind: 'member', subjectId: memberId, remember, ttlMs });
  reply.setCookie(MEMBER_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    // Remember me: the cookie outlives the browser for 90 days; otherwise it is a session cookie.
    ...(remember ? { maxAge: Math.floor(REMEMBER_MS / 1000) } : {}),
  });
  setSessionExpiryCookie(reply, expiresAt);
  return expiresAt;
}

/** Ends every session of a member (after a password reset). */
export async function endMemberSessions(app: FastifyInstance, memberId: number): Promise<void> {
  await app.db.query("delete from sessions where kind = 'member' and subject_id = $1", [memberId]);
}
