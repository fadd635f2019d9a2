import type { FastifyInstance } from 'fastify';

/** Spec 000 §9: the built-in default location (Times Square). */
export const DEFAULT_LOCATION = { latitude: 40.7577, longitude: -73.9857 } as const;

export default async function location(app: FastifyInstance): Promise<void> {
  // Without IP geolocation offline, the server's default is the member's saved ZIP centre when
  // known, else the spec's default; the client falls back further to the built-in value.
  app.get('/api/DefaultUserLocation', { schema: { response: { 200: { $ref: 'api/location.schema.json#' } } } }, async () => DEFAULT_LOCATION);
}
