// GET /api/Member/{publicId} (spec 000 §4, §7): the known (pre-login) member, e.g. from an
// activation e-mail link. Answers the spec's Member fields only, 404 when unknown, never redirects.
import type { FastifyInstance } from 'fastify';
import { findMemberByPublicId, toKnownMember } from '../repos/members.ts';
import { sendError } from '../error-reply.ts';

export default async function knownMember(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { publicId: string } }>(
    '/api/Member/:publicId',
    {
      onRequest: app.requireGate('enrollment'),
      schema: {
        params: {
          type: 'object',
          required: ['publicId'],
          properties: { publicId: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: { 200: { $ref: 'api/known-member.schema.json#' }, 404: { $ref: 'api/error.schema.json#' } },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await findMemberByPublicId(app.db, request.partner.id, request.params.publicId);
      if (!row) return sendError(reply, 404, 'Not Found');
      return toKnownMember(row);
    },
  );
}
