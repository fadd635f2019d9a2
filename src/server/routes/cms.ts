// Member read API (spec 000 §7): GET /api/cms/pages/{contentName}/?page_size=100[&page=N][&preview=1]
// in the ButterCMS pages shape.
//
// - contentName is one of the names of #shared/cms.ts; `*` is the global group. Anything
//   else answers 404 {message: 'Not Found'}.
// - page_size 1..100 (default 100, so a caller that leaves it out still gets every entry of a
//   group; the app always sends 100), page 1..1000 (default 1). meta.count is the total number of
//   entries, previous_page/next_page the neighbouring page numbers or null.
// - preview=1 serves drafts only when the partner config has cmsPreview, or the request carries an
//   editor session of this partner. Otherwise it is ignored and the published content is served
//   (the same answer a member gets), so a shared preview link never leaks unpublished content.
// - Published answers come from the in-memory cache (cms-cache.ts); drafts are always read fresh.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cmsGroupOf, isCmsContentName } from '#shared/cms.ts';
import { listCmsPages, MAX_PAGE_SIZE, type Paging } from '../repos/cms.ts';
import { cmsCacheFor } from '../cms-cache.ts';
import { wantsPreview } from '../editor-auth.ts';
import { EncodedBody, sendEncoded } from '../encoded-body.ts';
import { sendError } from '../error-reply.ts';

// Bodies are sent as ready JSON (strings, or the cache's bytes), which Fastify passes through without its schema
// serialiser: that serialiser would drop the free-form `fields` objects (cms-pages.schema.json
// declares them without additionalProperties), and a cache hit then costs no serialisation.
const JSON_TYPE = 'application/json; charset=utf-8';

function sendPublished(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  // Browsers revalidate (the spec's client never refetches anyway); shared caches must not keep an
  // answer that a preview cookie could have changed.
  reply.header('cache-control', 'private, no-cache').type(JSON_TYPE);
  return sendEncoded(request, reply, body);
}

interface Query {
  page_size?: number;
  page?: number;
  preview?: string;
}

export default async function cms(app: FastifyInstance): Promise<void> {
  const cache = cmsCacheFor(app.db);

  /** ?preview=1: drafts for whoever may see them (see above), the published answer for anyone else. */
  const answerAskedPreview = async (request: FastifyRequest, reply: FastifyReply, group: string, paging: Paging) => {
    if (!(await wantsPreview(app, request, true)))
      return sendPublished(request, reply, await cache.publishedBody(request.partner.id, group, paging));
    reply.header('cache-control', 'private, no-store');
    return reply.type(JSON_TYPE).send(JSON.stringify(await listCmsPages(app.db, request.partner.id, group, true, paging)));
  };

  app.get<{ Params: { contentName: string }; Querystring: Query }>(
    '/api/cms/pages/:contentName/',
    {
      schema: {
        params: { type: 'object', properties: { contentName: { type: 'string', maxLength: 40 } }, required: ['contentName'] },
        querystring: {
          type: 'object',
          properties: {
            page_size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
            page: { type: 'integer', minimum: 1, maximum: 1000 },
            preview: { type: 'string', maxLength: 5 },
          },
        },
        response: { 200: { $ref: 'api/cms-pages.schema.json#' }, 404: { $ref: 'api/error.schema.json#' } },
      },
    },
    // Not async: a published answer already in the cache is sent in the same turn (see sendEncoded).
    (request, reply) => {
      const { contentName } = request.params;
      if (!isCmsContentName(contentName)) {
        void sendError(reply, 404, 'Not Found');
        return undefined;
      }
      const group = cmsGroupOf(contentName);
      const paging = { page: request.query.page ?? 1, pageSize: request.query.page_size ?? MAX_PAGE_SIZE };
      const partnerId = request.partner.id;
      if (request.query.preview === '1') return answerAskedPreview(request, reply, group, paging);
      const body = cache.publishedBody(partnerId, group, paging);
      return body instanceof EncodedBody ? sendPublished(request, reply, body) : body.then((read) => sendPublished(request, reply, read));
    },
  );
}
