import type { FastifyInstance } from 'fastify';
import { LocationError, resolveLocation } from '../repos/merchants.ts';

/** Spec 000 §9: the built-in default location, with its name for the search page's label. */
export const DEFAULT_LOCATION = { latitude: 40.7577, longitude: -73.9857, name: 'Times Square' } as const;

export default async function location(app: FastifyInstance): Promise<void> {
  // The fallback when the browser gives no position. With no IP geolocation offline, the best
  // guess is the centre of a signed-in member's saved ZIP code when the gazetteer knows it, else
  // the spec's default; the client falls back further to its built-in value.
  app.get('/api/DefaultUserLocation', { schema: { response: { 200: { $ref: 'api/location.schema.json#' } } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const zip = (await request.signedInMember())?.member.address.zipCode;
    if (zip) {
      try {
        const place = resolveLocation(zip);
        return { latitude: place.latitude, longitude: place.longitude, name: zip };
      } catch (error) {
        if (!(error instanceof LocationError)) throw error;
      }
    }
    return DEFAULT_LOCATION;
  });
}
