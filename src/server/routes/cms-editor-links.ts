// GET /api/cms/editor/link-targets?q=: what an editor's link picker offers besides the site's own
// pages (the editor has the partner's route table already): restaurants whose name contains `q`
// (at most 8, by name; none without `q`), and the partner's live earn pages. Each answer is a link
// the shared link rule (#shared/cms-links.ts) accepts on save and publish: a merchant that exists,
// an earn page that is published. Editors of the request host's partner only.
import type { FastifyInstance } from 'fastify';
import { earnSlugOf } from '#shared/cms.ts';
import { liveEarnPageTitles } from '../repos/cms.ts';
import { merchantsNamed } from '../repos/merchants.ts';

const ERROR = { $ref: 'api/error.schema.json#' };
export const LINK_TARGET_MERCHANTS = 8;

export default async function cmsEditorLinks(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', app.requireEditor);
    scope.get<{ Querystring: { q?: string } }>(
      '/api/cms/editor/link-targets',
      {
        schema: {
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { q: { type: 'string', maxLength: 100 } },
          },
          response: {
            200: {
              type: 'object',
              additionalProperties: false,
              required: ['merchants', 'earn_pages'],
              properties: {
                merchants: {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['path', 'name', 'city'],
                    properties: { path: { type: 'string' }, name: { type: 'string' }, city: { type: 'string' } },
                  },
                },
                earn_pages: {
                  type: 'array',
                  items: {
                    type: 'object',
                    additionalProperties: false,
                    required: ['path', 'title'],
                    properties: { path: { type: 'string' }, title: { type: 'string' } },
                  },
                },
              },
            },
            400: ERROR,
            401: ERROR,
            403: ERROR,
          },
        },
      },
      async (request) => {
        const q = request.query.q?.trim() ?? '';
        const merchants = q ? await merchantsNamed(app.db, q, LINK_TARGET_MERCHANTS) : [];
        // The live version of each earn page (as members get it), titled as its browser tab is.
        const rows = await liveEarnPageTitles(app.db, request.partner.id);
        const seen = new Set<string>();
        const earnPages = rows
          .map((row) => ({ slug: earnSlugOf(row.url ?? ''), title: row.title?.trim() || row.slug }))
          .filter(({ slug }) => slug !== '' && !seen.has(slug) && Boolean(seen.add(slug)))
          .map(({ slug, title }) => ({ path: `/earn/${encodeURIComponent(slug)}`, title }))
          .sort((a, b) => a.title.localeCompare(b.title));
        return {
          merchants: merchants.map((m) => ({ path: `/merchants/${encodeURIComponent(m.id)}`, name: m.name, city: m.city })),
          earn_pages: earnPages,
        };
      },
    );
  });
}
