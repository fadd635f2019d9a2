// POST /api/Member/Activate {publicId} (spec 000 §7, "Activation screen"): a non-activated (tier 1)
// member becomes opted in (tier 2). The caller is the member's own session or the activation link's
// public id (128 random bits); a session of another member may not activate someone else.
import type { FastifyInstance } from 'fastify';
import type { ActivateRequest } from '#shared/generated/types.ts';
import { activateMember, findMemberByPublicId, toKnownMember } from '../repos/members.ts';
import { authError } from '../auth/replies.ts';

export const NON_ACTIVATED_TIER = 1;
export const ACTIVATED_TIER = 2;

export default async function activation(app: FastifyInstance): Promise<void> {
  const errorResponse = { $ref: 'api/auth-error.schema.json#' };

  app.post<{ Body: ActivateRequest }>(
    '/api/Member/Activate',
    {
      onRequest: app.requireGate('enrollment', 'page:/activate'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        body: { $ref: 'api/activate.schema.json#' },
        response: {
          200: { $ref: 'api/known-member.schema.json#' },
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const partner = request.partner;
      const row = await findMemberByPublicId(app.db, partner.id, request.body.publicId);
      if (!row) return authError(reply, 404, 'invalid', 'Not Found');
      const session = await request.signedInMember();
      if (session && session.member.id !== row.id) return authError(reply, 403, 'not_allowed', 'Forbidden');
      if (row.tier_level !== NON_ACTIVATED_TIER) return authError(reply, 409, 'not_allowed', 'This account is already activated.');
      const activated = await activateMember(app.db, row.id, NON_ACTIVATED_TIER, ACTIVATED_TIER);
      if (!activated) return authError(reply, 409, 'not_allowed', 'This account is already activated.');
      return toKnownMember(activated);
    },
  );
}
