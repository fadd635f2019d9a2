import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSession, MEMBER_COOKIE, REMEMBER_MS, SESSION_MS, touchSession, type Session } from '../sessions.ts';
import { setSessionExpiryCookie } from './session.ts';
import { findMemberById, toApiMember, type MemberRow } from '../repos/members.ts';
import type { MemberUpdateRequest } from '#shared/generated/types.ts';
import { memberUpdateSchema, updateMember } from '../auth/profile.ts';

/** The signed-in member of this partner, or null. */
export async function currentMember(app: FastifyInstance, request: FastifyRequest): Promise<{ session: Session; member: MemberRow } | null> {
  const session = await findSession(app.db, request.cookies[MEMBER_COOKIE], 'member');
  if (!session || session.partnerId !== request.partner.id) return null;
  const member = await findMemberById(app.db, session.subjectId);
  return member ? { session, member } : null;
}

export default async function member(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/Member',
    { schema: { response: { 200: { $ref: 'api/member.schema.json#' }, 401: { $ref: 'api/error.schema.json#' } } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const current = await currentMember(app, request);
      if (!current) return reply.code(401).send({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
      // Member activity slides the session (spec 000 §4): the client refetches on every navigation
      // and when the member clicks the expiry warning, which is what keeps a session alive.
      const expiresAt = await touchSession(app.db, request.cookies[MEMBER_COOKIE]!, current.session.remember ? REMEMBER_MS : SESSION_MS);
      setSessionExpiryCookie(reply, expiresAt);
      return toApiMember(current.member, request.partner.config.enrollmentType === 'sso' ? 'sso' : 'direct');
    },
  );

  // PUT /api/Member: the profile form (handler in auth/profile.ts).
  app.put<{ Body: MemberUpdateRequest }>('/api/Member', { schema: memberUpdateSchema }, (request, reply) => updateMember(app, request, reply));
}
