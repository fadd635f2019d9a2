import type { FastifyInstance } from 'fastify';
import { gateOpen, partnerFeatures } from '../partners/settings.ts';

export default async function featureFlags(app: FastifyInstance): Promise<void> {
  app.get('/api/feature-flags', { schema: { response: { 200: { $ref: 'api/feature-flags.schema.json#' } } } }, async (request) => {
    const partner = request.partner;
    const features = partnerFeatures(partner);
    // The auth flags say which of the gated calls this partner answers (#shared/api-gates.ts).
    return {
      authFlags: {
        signIn: gateOpen(partner, 'enrollment'),
        join: gateOpen(partner, 'enrollment'),
        recovery: gateOpen(partner, 'direct'),
        sso: gateOpen(partner, 'sso'),
        outageLogin: !gateOpen(partner, 'login'),
        outageJoin: !gateOpen(partner, 'join'),
      },
      filters: {
        suggested: features.suggestedFilters,
        priceRange: [1, 2, 3, 4],
        features: ['delivery', 'dineIn', 'takeout', 'onlineOrdering'] as const,
        mealsServed: ['breakfast', 'brunch', 'lunch', 'dinner', 'lateNight'] as const,
        sortBy: ['distance', 'rating', 'name', 'relevance'] as const,
      },
      partnerFeatureFlags: features.flags,
    };
  });
}
