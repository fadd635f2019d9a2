import type { FastifyInstance } from 'fastify';
import { cmsGroupOf, isCmsContentName } from '#shared/cms.ts';
import { listCmsPages } from '../repos/cms.ts';

export default async function cms(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { contentName: string }; Querystring: { page_size?: number; preview?: string } }>(
    '/api/cms/pages/:contentName/',
    {
      schema: {
        params: { type: 'object', properties: { contentName: { type: 'string', maxLength: 40 } }, required: ['contentName'] },
        querystring: { type: 'object', properties: { page_size: { type: 'integer', minimum: 1, maximum: 100 }, preview: { type: 'string', maxLength: 5 } } },
        response: { 200: { $ref: 'api/cms-pages.schema.json#' }, 404: { $ref: 'api/error.schema.json#' } },
      },
    },
    async (request, reply) => {
      const { contentName } = request.params;
      if (!isCmsContentName(contentName)) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
      const preview = request.query.preview === '1' && request.partner.config.cmsPreview;
      return listCmsPages(app.db, request.partner.id, cmsGroupOf(contentName), preview);
    },
  );
}
