// GET /api/merchants/{merchantId}/flex-offers/members/{publicId} (spec 001 §7): the signed-in
// member's own flex offer at a merchant. No offer there is an answer, not an error: 204 without a
// body (the merchant page asks on every visit, and a 404 there was a logged failure each time).
// 404 when the partner has no flex offers (requireGate) or the merchant is unknown; 403 for another member's id.
import type { FastifyInstance } from 'fastify';
import { flexOfferFor } from '../repos/flex-offers.ts';
import { errorBody, sendError } from '../error-reply.ts';

const unknownMerchant = errorBody(404, 'merchantId: no merchant with this id.');

export default async function flexOffers(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { merchantId: string; publicId: string } }>(
    '/api/merchants/:merchantId/flex-offers/members/:publicId',
    {
      onRequest: app.requireGate('enrollment', 'flag:hasFlexOffers'),
      preHandler: app.requireMember,
      schema: {
        params: {
          type: 'object',
          required: ['merchantId', 'publicId'],
          properties: {
            merchantId: { type: 'string', minLength: 1, maxLength: 40 },
            publicId: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
        response: {
          200: { $ref: 'api/flex-offer.schema.json#' },
          204: { type: 'null', description: 'The member has no flex offer at this merchant.' },
          403: { $ref: 'api/error.schema.json#' },
          404: { $ref: 'api/error.schema.json#' },
        },
      },
    },
    async (request, reply) => {
      if (request.params.publicId !== request.member.public_id) {
        return sendError(reply, 403, 'publicId: only your own flex offers can be read.');
      }
      const offer = await flexOfferFor(app.db, request.partner.id, request.params.merchantId, request.params.publicId);
      if (offer === 'unknownMerchant') return reply.code(404).send(unknownMerchant);
      return offer ?? reply.code(204).send();
    },
  );
}
