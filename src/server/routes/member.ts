import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSession, MEMBER_COOKIE, type Session } from '../sessions.ts';
import { findMemberById, toApiMember, type MemberRow } from '../repos/members.ts';

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
      return toApiMember(current.member, request.partner.config.enrollmentType === 'sso' ? 'sso' : 'direct');
    },
  );
}
