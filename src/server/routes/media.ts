// GET /media/merchants/:id/:variant.svg: generated merchant art (promo, logo, menu1..3).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { getMerchantArtSubject } from '../repos/merchants.ts';
import { isArtVariant, merchantArt } from '../media/art.ts';
import { errorBody } from '../error-reply.ts';

/** Bump when the generator's drawing changes, so cached images are not reused across versions. */
const ART_VERSION = '1';

const notFound = errorBody(404, 'Not Found');

export default async function media(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string; file: string } }>(
    '/media/merchants/:id/:file',
    {
      schema: {
        params: {
          type: 'object',
          required: ['id', 'file'],
          properties: { id: { type: 'string', maxLength: 40 }, file: { type: 'string', maxLength: 20 } },
        },
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const variant = /^([a-z0-9]+)\.svg$/.exec(file)?.[1];
      if (!variant || !isArtVariant(variant)) return reply.code(404).send(notFound);
      const subject = await getMerchantArtSubject(app.db, id);
      if (!subject) return reply.code(404).send(notFound);
      const body = merchantArt(subject, variant);
      const etag = `"${createHash('sha1').update(ART_VERSION).update(body).digest('base64url').slice(0, 20)}"`;
      reply
        .header('cache-control', 'public, max-age=2592000, stale-while-revalidate=86400')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // The SVG is an image, never a document: no scripts even if opened directly.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(body);
    },
  );
}
