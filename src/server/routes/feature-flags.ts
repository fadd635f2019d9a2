import type { FastifyInstance } from 'fastify';
import { partnerFlags } from '#shared/partner.ts';
import { suggestedFiltersFor } from '#shared/search-filters.ts';

export default async function featureFlags(app: FastifyInstance): Promise<void> {
  app.get('/api/feature-flags', { schema: { response: { 200: { $ref: 'api/feature-flags.schema.json#' } } } }, async (request) => {
    const config = request.partner.config;
    return {
      authFlags: {
        signIn: config.enrollmentType !== 'none',
        join: config.enrollmentType !== 'none',
        recovery: config.enrollmentType === 'direct',
        sso: config.enrollmentType === 'sso',
        outageLogin: config.outage.login,
        outageJoin: config.outage.join,
      },
      filters: {
        suggested: suggestedFiltersFor(config),
        priceRange: [1, 2, 3, 4],
        features: ['delivery', 'dineIn', 'takeout', 'onlineOrdering'] as const,
        mealsServed: ['breakfast', 'brunch', 'lunch', 'dinner', 'lateNight'] as const,
        sortBy: ['distance', 'rating', 'name', 'relevance'] as const,
      },
      partnerFeatureFlags: partnerFlags(config),
    };
  });
}
