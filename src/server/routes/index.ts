// Every route of the server, registered in one place.
import type { FastifyInstance } from 'fastify';
import featureFlags from './feature-flags.ts';
import member from './member.ts';
import location from './location.ts';
import cms from './cms.ts';
import merchants from './merchants.ts';
import media from './media.ts';
import web from './web.ts';

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(featureFlags);
  await app.register(member);
  await app.register(location);
  await app.register(cms);
  await app.register(merchants);
  await app.register(media);
  // Last: static assets and the HTML shell with history fallback.
  await app.register(web);
}
