import type { FastifyInstance } from 'fastify';
import { MEMBER_COOKIE, REMEMBER_MS, SESSION_MS, touchSession } from '../sessions.ts';
import { setSessionExpiryCookie } from '../auth/member-session.ts';
import { toApiMember } from '../repos/members.ts';
import type { MemberUpdateRequest } from '#shared/generated/types.ts';
import { memberUpdateSchema, updateMember } from '../auth/profile.ts';
import { clockFor } from '../auth/clock.ts';
import { withAccountFields } from '../repos/account.ts';
import { memberShape } from '../partners/settings.ts';

export default async function member(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/Member',
    {
      onRequest: app.requireGate('enrollment'),
      preHandler: app.requireMember,
      schema: { response: { 200: { $ref: 'api/member.schema.json#' }, 401: { $ref: 'api/error.schema.json#' } } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Member activity slides the session (spec 000 §4): the client refetches on every navigation
      // and when the member clicks the expiry warning, which is what keeps a session alive.
      const expiresAt = await touchSession(
        app.db,
        request.cookies[MEMBER_COOKIE]!,
        request.memberSession.remember ? REMEMBER_MS : SESSION_MS,
      );
      setSessionExpiryCookie(reply, expiresAt);
      const member = toApiMember(request.member, memberShape(request.partner));
      return withAccountFields(app.db, member, request.member.id, clockFor(app).now());
    },
  );

  // PUT /api/Member: the profile form (handler in auth/profile.ts).
  app.put<{ Body: MemberUpdateRequest }>(
    '/api/Member',
    {
      onRequest: app.requireGate('enrollment', 'page:/account/user_profile'),
      preValidation: app.fieldGate('sms'),
      preHandler: app.requireMember,
      schema: memberUpdateSchema,
    },
    (request, reply) => updateMember(app, request, reply),
  );
}
