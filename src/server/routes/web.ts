// Static assets, partner assets and the HTML shell (history fallback) with the bootstrap inlined.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CMS_CONTENT_NAMES, cmsGroupOf, type CmsContentName } from '#shared/cms.ts';
import type { CmsPagesResponse } from '#shared/generated/types.ts';
import { BOOTSTRAP_ELEMENT_ID, type Bootstrap } from '#shared/bootstrap.ts';
import { listCmsPages } from '../repos/cms.ts';
import { cmsCacheFor } from '../cms-cache.ts';
import { wantsPreview } from '../editor-auth.ts';
import { themeCss } from '#shared/theme.ts';

export async function buildBootstrap(app: FastifyInstance, request: FastifyRequest, askedPreview: boolean): Promise<Bootstrap> {
  const partner = request.partner;
  // Spec 000 §4: drafts load when the partner has cmsPreview, with or without ?preview=1.
  const preview = await wantsPreview(app, request, askedPreview || partner.config.cmsPreview);
  // Members share the published-content cache with the CMS API; drafts are read fresh.
  const cache = cmsCacheFor(app.db);
  const groups = await Promise.allSettled(
    CMS_CONTENT_NAMES.map((name) => (preview ? listCmsPages(app.db, partner.id, cmsGroupOf(name), true) : cache.published(partner.id, cmsGroupOf(name)))),
  );
  // A group that fails to load is left out rather than failing the page: the client fetches a
  // missing group from the CMS route itself and, if that fails too, shows empty copy (spec 000 §4).
  const cms: Partial<Record<CmsContentName, CmsPagesResponse>> = {};
  CMS_CONTENT_NAMES.forEach((name, i) => {
    const result = groups[i]!;
    if (result.status === 'fulfilled') cms[name] = result.value;
    else request.log.error({ err: result.reason as unknown, group: name }, `CMS group ${name} could not be loaded for the page`);
  });
  return { partner, cms, preview, providersOrigin: app.config.providersOrigin, production: app.config.production };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside <script>: no `</script>` or `<!--` can close or confuse it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export default async function web(app: FastifyInstance): Promise<void> {
  const clientDir = app.config.clientDir;
  const indexPath = join(clientDir, 'index.html');
  const haveClient = existsSync(indexPath);

  await app.register(fastifyStatic, {
    root: app.config.partnersDir,
    prefix: '/partner-assets/',
    decorateReply: false,
    allowedPath: (path) => /\.(svg|png|jpg|webp|ico)$/.test(path),
    maxAge: '1h',
  });
  if (haveClient) {
    await app.register(fastifyStatic, {
      root: join(clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
    });
  }

  // The tab icon: a plate and cutlery in the partner's primary colours, so every partner has one
  // without shipping an image (colours are schema-checked hex values).
  const favicon = (request: FastifyRequest) => {
    const { primary, onPrimary } = request.partner.theme.colors;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${primary}"/><circle cx="16" cy="17" r="7.5" fill="none" stroke="${onPrimary}" stroke-width="2"/><path d="M6 6v7M4.5 6v4a1.5 1.5 0 0 0 3 0V6M6 13v13M26 6c-2 1-2.5 4-2.5 7h2.5v13" fill="none" stroke="${onPrimary}" stroke-width="1.6" stroke-linecap="round"/></svg>`;
  };
  for (const path of ['/favicon.svg', '/favicon.ico']) {
    app.get(path, async (request, reply) => reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(favicon(request)));
  }

  app.get<{ Querystring: { preview?: '1' | '0' } }>('/api/bootstrap', {
    schema: {
      querystring: { type: 'object', additionalProperties: false, properties: { preview: { type: 'string', enum: ['0', '1'] } } },
      response: { 200: { $ref: 'api/bootstrap.schema.json#' } },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return buildBootstrap(app, request, request.query.preview === '1');
  });

  app.setNotFoundHandler(async (request, reply) => {
    // History fallback for page addresses: anything a browser or `curl` may load as a page, but not API
    // calls or missing files (a path ending in an extension), which get a JSON 404.
    const accept = request.headers.accept ?? '*/*';
    const path = request.url.split('?')[0] ?? '';
    const wantsHtml =
      request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]{1,8}$/i.test(path) && (accept.includes('text/html') || accept.includes('*/*'));
    if (!wantsHtml) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
    if (!haveClient) {
      return reply.code(503).type('text/plain').send('The client is not built. Run `npm run build` (npm start does it for you).');
    }
    const template = readFileSync(indexPath, 'utf8');
    const url = new URL(request.url, 'http://x');
    const bootstrap = await buildBootstrap(app, request, url.searchParams.get('preview') === '1');
    const { partner } = bootstrap;
    const head = [
      `<title>${escapeHtml(partner.config.programName)}</title>`,
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
      `<style id="mb-theme">${themeCss(partner.theme)}</style>`,
      `<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${scriptJson(bootstrap)}</script>`,
    ].join('\n');
    const html = template.replace(/<title>.*?<\/title>/, '').replace('</head>', `${head}\n</head>`);
    reply.header('cache-control', 'no-store');
    return reply.type('text/html').send(html);
  });
}
