// GET /robots.txt and GET /sitemap.xml, per partner (the host's): the sitemap lists the partner's
// public pages (those its head calls indexable: #shared/head.ts decides for the page itself too) and
// every merchant's page. Members' pages are `noindex` in their head instead of disallowed here, since
// a crawler that may not fetch a page never reads its noindex.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CMS_CONTENT_NAMES, cmsGroupOf, earnSlugOf, type CmsContent, type CmsContentName } from '#shared/cms.ts';
import type { CmsPagesResponse } from '#shared/generated/types.ts';
import { pageHead } from '#shared/head.ts';
import { escapeHtml } from '#shared/html.ts';
import { cmsCacheFor } from '../cms-cache.ts';
import { partnerPages } from '../partners/settings.ts';
import { listMerchantIds } from '../repos/merchants.ts';

/** The sitemap protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** A sitemap is made at most this often per partner and host (crawlers fetch it; it reads every merchant). */
const SITEMAP_TTL_MS = 10 * 60_000;
const MAX_CACHED_SITEMAPS = 50;

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

async function publishedContent(app: FastifyInstance, partnerId: string): Promise<Partial<CmsContent>> {
  const cache = cmsCacheFor(app.db);
  const groups = await Promise.allSettled(CMS_CONTENT_NAMES.map((name) => cache.published(partnerId, cmsGroupOf(name))));
  const content: Partial<Record<CmsContentName, CmsPagesResponse>> = {};
  CMS_CONTENT_NAMES.forEach((name, i) => {
    const result = groups[i]!;
    if (result.status === 'fulfilled') content[name] = result.value;
  });
  return content;
}

/** The partner's public page addresses: fixed routes, discover, the earn details, that its head calls indexable. */
export function publicPaths(request: FastifyRequest, production: boolean, cms: Partial<CmsContent>): string[] {
  const { partner } = request;
  const candidates = new Set<string>();
  const pages = partnerPages(partner, production);
  for (const route of pages.routes) {
    if (route.path === '/discover/*') candidates.add('/discover');
    else if (!/[:*]/.test(route.path) && !('special' in route.page)) candidates.add(route.path);
  }
  // /login and /Login are one page: the one this partner links to.
  const other = pages.signInPath === '/login' ? '/Login' : '/login';
  candidates.delete(other);
  for (const entry of cms.earn_details?.data ?? []) {
    const url = (entry.fields as { url?: unknown } | null)?.url;
    const slug = typeof url === 'string' ? earnSlugOf(url) : '';
    if (slug && !slug.includes('/')) candidates.add(`/earn/${encodeURIComponent(slug)}`);
  }
  return [...candidates].filter((path) => {
    const head = pageHead({ partner, cms, pathname: path, production });
    return head.indexable && !head.notFound && head.canonicalPath === path;
  });
}

export default async function seo(app: FastifyInstance): Promise<void> {
  app.get('/robots.txt', async (request, reply) => {
    const body = ['User-agent: *', 'Disallow: /api/', 'Disallow: /editor', '', `Sitemap: ${originOf(request)}/sitemap.xml`, ''].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  const sitemaps = new Map<string, { xml: string; madeAt: number }>();
  app.get('/sitemap.xml', async (request, reply) => {
    const origin = originOf(request);
    const key = `${request.partner.id}\n${origin}`;
    let made = sitemaps.get(key);
    if (!made || Date.now() - made.madeAt > SITEMAP_TTL_MS) {
      const cms = await publishedContent(app, request.partner.id);
      const pages = publicPaths(request, app.config.production, cms);
      const merchants = await listMerchantIds(app.db, SITEMAP_MAX_URLS - pages.length);
      const urls = [...pages, ...merchants.map((id) => `/merchants/${encodeURIComponent(id)}`)];
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls.map((path) => `<url><loc>${escapeHtml(origin + path)}</loc></url>`),
        '</urlset>',
        '',
      ].join('\n');
      made = { xml, madeAt: Date.now() };
      sitemaps.delete(key);
      if (sitemaps.size >= MAX_CACHED_SITEMAPS) sitemaps.delete(sitemaps.keys().next().value!);
      sitemaps.set(key, made);
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(made.xml);
  });
}
