// Static assets, partner assets and the HTML shell (history fallback) with the bootstrap inlined.
//
// Delivery: hashed assets are immutable for a year and sent precompressed (the build
// writes .br/.gz next to them); source maps are never served. The shell's template is read once at
// start; each page is the template plus the bootstrap, sent `no-cache` with an ETag of its bytes,
// so a browser revalidates every load and gets a 304 while nothing changed. The page an anonymous
// visitor gets is made once per partner and content (not per request) and kept as bytes with its
// brotli and gzip forms (encoded-body.ts); its CSP names the inline elements by hash, since one
// page serves every visitor. A member's or a preview's page is made per request and compressed by
// @fastify/compress (app.ts), like the API answers.
//
// Server rendering (docs/decisions/2026-11-28-server-rendering.md): when the build has the
// server-render module (dist/client/ssr/render.js), the home, earn, how-it-works, legal, search and
// merchant pages carry their rendered markup in #root, made with that page, and the browser hydrates
// it. A signed-in member's page is rendered for them per request and sent `private, no-store`.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CMS_CONTENT_NAMES, cmsGroupOf, type CmsContentName } from '#shared/cms.ts';
import type { CmsPagesResponse } from '#shared/generated/types.ts';
import { BOOTSTRAP_ELEMENT_ID, type Bootstrap } from '#shared/bootstrap.ts';
import { checkedLayoutKeys } from '../checked-layouts.ts';
import { EDITOR_COPY_PREFIX } from '#shared/editor-bootstrap.ts';
import type { PartnerBundle } from '#shared/partner.ts';
import { alwaysPreview, gateOpen, memberShape } from '../partners/settings.ts';
import { listCmsPages } from '../repos/cms.ts';
import { toApiMember } from '../repos/members.ts';
import { withAccountFields } from '../repos/account.ts';
import { clockFor } from '../auth/clock.ts';
import { cmsCacheFor } from '../cms-cache.ts';
import { wantsPreview } from '../editor-auth.ts';
import { MEMBER_COOKIE, REMEMBER_MS, SESSION_MS, touchSession } from '../sessions.ts';
import { setSessionExpiryCookie } from '../auth/member-session.ts';
import { themeCss } from '#shared/theme.ts';
import { scriptJson } from '#shared/html.ts';
import { pageHead, headHtml, type MerchantFacts, type PageHead } from '#shared/head.ts';
import { getMerchant } from '../repos/merchants.ts';
import { cspHash, type InlineHashes } from '../plugins/security-headers.ts';
import { EncodedBody, sendEncoded } from '../encoded-body.ts';
import { sendError } from '../error-reply.ts';
import {
  QUERY_STATE_ELEMENT_ID,
  SERVER_RENDER_MODULE,
  SERVER_RENDERED_ATTRIBUTE,
  type ApiAnswer,
  type ServerRenderModule,
  type ServerRendered,
} from '#shared/server-render.ts';

/** How long a server-rendered page is served from memory and by caches: its blocks' `when` targeting reads the clock. */
export const RENDERED_PAGE_MAX_AGE_S = 30;
/** How long a cache may serve it stale while it fetches it again. */
const RENDERED_PAGE_STALE_S = 300;
/** A render taking longer sends what is done and leaves the rest (as fallbacks) to the browser. */
const RENDER_BUDGET_MS = 1000;

// The editor's copy (`editor.*`) stays out of the member pages: they never show it.
const memberBundles = new WeakMap<PartnerBundle, PartnerBundle>();
function memberBundle(partner: PartnerBundle): PartnerBundle {
  let bundle = memberBundles.get(partner);
  if (!bundle) {
    const copy = Object.fromEntries(Object.entries(partner.copy).filter(([key]) => !key.startsWith(EDITOR_COPY_PREFIX)));
    bundle = { ...partner, copy };
    memberBundles.set(partner, bundle);
  }
  return bundle;
}

/** What of a bootstrap depends on the request: drafts or not, the member, the CMS groups. */
interface RequestParts {
  preview: boolean;
  member: Bootstrap['member'];
  cms: Partial<Record<CmsContentName, CmsPagesResponse>>;
}

export async function buildBootstrap(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  askedPreview: boolean,
): Promise<Bootstrap> {
  return assembleBootstrap(app, request.partner, await requestParts(app, request, reply, askedPreview));
}

function assembleBootstrap(app: FastifyInstance, partner: PartnerBundle, { preview, member, cms }: RequestParts): Bootstrap {
  const bundle = memberBundle(partner);
  return {
    partner: bundle,
    cms,
    checkedLayouts: checkedLayoutKeys(bundle.pages, cms),
    preview,
    providersOrigin: app.config.providersOrigin,
    production: app.config.production,
    member,
  };
}

async function requestParts(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  askedPreview: boolean,
): Promise<RequestParts> {
  const partner = request.partner;
  // Spec 000 §4: drafts load when the partner has cmsPreview, with or without ?preview=1.
  const [preview, member] = await Promise.all([
    wantsPreview(app, request, askedPreview || alwaysPreview(partner)),
    bootstrapMember(app, request, reply),
  ]);
  // Members share the published-content cache with the CMS API; drafts are read fresh.
  const cache = cmsCacheFor(app.db);
  const groups = await Promise.allSettled(
    CMS_CONTENT_NAMES.map((name) =>
      preview ? listCmsPages(app.db, partner.id, cmsGroupOf(name), true) : cache.published(partner.id, cmsGroupOf(name)),
    ),
  );
  // A group that fails to load is left out rather than failing the page: the client fetches a
  // missing group from the CMS route itself and, if that fails too, shows empty copy (spec 000 §4).
  const cms: Partial<Record<CmsContentName, CmsPagesResponse>> = {};
  CMS_CONTENT_NAMES.forEach((name, i) => {
    const result = groups[i]!;
    if (result.status === 'fulfilled') cms[name] = result.value;
    else request.log.error({ err: result.reason as unknown, group: name }, `CMS group ${name} could not be loaded for the page`);
  });
  return { preview, member, cms };
}

/**
 * The signed-in member for the bootstrap, or null: the client starts with it instead of asking
 * GET /api/Member (which answered 401 to every anonymous visitor). Loading the page is member
 * activity like that call, so it slides the session and its expiry cookie the same way.
 * Undefined when the member is unknown (the database did not answer): the client then asks itself.
 */
async function bootstrapMember(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<Bootstrap['member']> {
  if (!gateOpen(request.partner, 'enrollment') || !request.cookies[MEMBER_COOKIE]) return null;
  try {
    const found = await request.signedInMember();
    if (!found) return null;
    const expiresAt = await touchSession(app.db, request.cookies[MEMBER_COOKIE], found.session.remember ? REMEMBER_MS : SESSION_MS);
    setSessionExpiryCookie(reply, expiresAt);
    const member = toApiMember(found.member, memberShape(request.partner));
    // Exactly what GET /api/Member answers, account fields included, so the client's cache is the same.
    return await withAccountFields(app.db, member, found.member.id, clockFor(app).now());
  } catch (error) {
    request.log.warn({ err: error as unknown }, 'the member for the page could not be loaded; the client asks again');
    return undefined;
  }
}

interface Page {
  etag: string;
  html: string;
  /** The CSP hash sources of the page's inline theme and bootstrap. */
  hashes: InlineHashes;
  /** #root holds the page rendered on the server. */
  rendered: boolean;
  /** Rendered with every block (none threw, the budget held): kept and shareable. */
  complete: boolean;
}

/**
 * `rendered`: the page rendered on the server (inside #root) and the links of its chunked blocks'
 * CSS and code, or null for the shell the browser fills.
 */
function renderPage(template: string, bootstrap: Bootstrap, headTags: string, rendered: RenderedMarkup | null = null): Page {
  const { partner } = bootstrap;
  const theme = themeCss(partner.theme);
  const json = scriptJson(bootstrap);
  // The queries the server answered for the blocks (search results, a merchant), for the browser's
  // query client: a non-executed JSON element like the bootstrap, named by hash in the CSP too.
  const queries = rendered?.queries ? scriptJson(rendered.queries) : null;
  const head = [
    headTags,
    ...(rendered?.links ? [rendered.links] : []),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
    `<style id="mb-theme">${theme}</style>`,
    `<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${json}</script>`,
    ...(queries === null ? [] : [`<script id="${QUERY_STATE_ELEMENT_ID}" type="application/json">${queries}</script>`]),
  ].join('\n');
  let html = template.replace(/<title>.*?<\/title>/, '').replace('</head>', `${head}\n</head>`);
  // React's markup has no inline script (the whole page is ready before it is sent) and no inline
  // style element; it must carry no style attribute either, which the CSP refuses in server HTML
  // (tests/server/anonymous-pages-arrive-rendered.test.ts; ResponsiveImage sets its focal point on hydration).
  if (rendered)
    html = html.replace('<div id="root"></div>', () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="">${rendered.markup}</div>`);
  return {
    etag: `"${createHash('sha1').update(html).digest('base64url')}"`,
    html,
    hashes: { script: queries === null ? [cspHash(json)] : [cspHash(json), cspHash(queries)], style: [cspHash(theme)] },
    rendered: rendered !== null,
    complete: rendered?.complete ?? true,
  };
}

/** A page rendered on the server, as renderPage puts it in: the markup, its blocks' links and answered queries. */
interface RenderedMarkup {
  markup: string;
  links: string;
  complete: boolean;
  queries: unknown;
}

/** The merchant a /merchants/{id} address names: its facts, null when there is none, undefined when unknown (the database did not answer). */
async function merchantFor(app: FastifyInstance, request: FastifyRequest, path: string): Promise<MerchantFacts | null | undefined> {
  const match = /^\/merchants\/([^/]+)(\/order)?\/?$/i.exec(path);
  if (!match) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  if (id.length > 64) return null;
  try {
    const merchant = await getMerchant(app.db, id);
    if (!merchant) return null;
    return {
      name: merchant.name,
      cuisines: merchant.details.cuisines,
      neighborhood: merchant.location.neighborhood ?? null,
      city: merchant.location.address.city,
    };
  } catch (error) {
    request.log.warn({ err: error as unknown }, 'the merchant for the page could not be loaded; the page says less about it');
    return undefined;
  }
}

/** The search page's address (server-render.tsx renders it with its first page of results). */
const SEARCH_PATH = /^\/search\/?$/i;

/**
 * A GET of this app's API for a page's blocks, through the route itself (its validation, repository
 * calls and response schema: the very answer the browser would get), as the visitor's partner.
 * Anonymous: no cookie is passed (only anonymous visitors' pages are rendered with data).
 */
async function ownApi(app: FastifyInstance, request: FastifyRequest, path: string): Promise<ApiAnswer> {
  const res = await app.inject({
    method: 'GET',
    url: path,
    headers: { host: request.headers.host ?? request.host, accept: 'application/json' },
  });
  let body: unknown = null;
  try {
    body = res.json();
  } catch {
    return { status: 502, body: null };
  }
  return { status: res.statusCode, body };
}

/** If-None-Match names this ETag (a list, `*`, or the weak form a compressing proxy may send back). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * The last page made for anonymous visitors of each partner and address kind (the head differs per
 * page), reused while the partner bundle and every CMS group are the very objects it was made from
 * (the CMS cache keeps an answer's object while its content is unchanged) and the head is the same:
 * the busiest pages then cost no serialisation, hashing, encoding or compression. Search and
 * merchant pages (one per query or merchant) are kept apart, a few, by their whole address
 * (PER_ADDRESS_PAGES): a popular merchant is rendered once per RENDERED_PAGE_MAX_AGE_S, not once per
 * visitor, and a stranger's endless odd queries churn only that small map.
 */
interface AnonymousPage {
  page: Page;
  /** Sent compressed at its best, made once (the busiest pages); null: through the compress hook. */
  body: EncodedBody | null;
  partner: PartnerBundle;
  groups: Array<CmsPagesResponse | undefined>;
  headTags: string;
  /** Date.now() when it was made: a rendered page is made again after RENDERED_PAGE_MAX_AGE_S. */
  madeAt: number;
}

/** Partners x public page kinds x host names, with room; a stranger's odd Host headers cannot grow it further. */
const MAX_ANONYMOUS_PAGES = 200;
/**
 * Search and merchant pages kept at once (about 100 KiB each): why a merchant page rendered per
 * visitor held the PostgreSQL server's memory 50-100 MiB over its budget under load (bench
 * "server-footprint"), while a bigger map would only hold more of a crawler's tail.
 */
const PER_ADDRESS_PAGES = 64;

/** Made from this very partner bundle and these very CMS group answers (the caches keep an unchanged one's object). */
function madeFrom(
  kept: { partner: PartnerBundle; groups: ReadonlyArray<CmsPagesResponse | undefined> },
  partner: PartnerBundle,
  groups: ReadonlyArray<CmsPagesResponse | undefined>,
): boolean {
  return kept.partner === partner && kept.groups.every((group, i) => group === groups[i]);
}

/** Puts `value` last under `key`, dropping the oldest entry when the map holds `max`. */
function keepBounded<V>(map: Map<string, V>, key: string, value: V, max = MAX_ANONYMOUS_PAGES): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export default async function web(app: FastifyInstance): Promise<void> {
  const clientDir = app.config.clientDir;
  const indexPath = join(clientDir, 'index.html');
  // Read once: the built shell does not change while the server runs (a new build means a restart).
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  const renderer = template === null ? null : await loadServerRenderer(app, join(clientDir, SERVER_RENDER_MODULE));
  const manifest = renderer ? readManifest(app, join(clientDir, '.vite/manifest.json')) : {};

  await app.register(fastifyStatic, {
    root: app.config.partnersDir,
    prefix: '/partner-assets/',
    decorateReply: false,
    allowedPath: (path) => /\.(svg|png|jpg|webp|ico)$/.test(path),
    maxAge: '1h',
  });
  if (template !== null) {
    await app.register(fastifyStatic, {
      root: join(clientDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      // Every file here is named by its content hash: a new build makes new names.
      immutable: true,
      maxAge: '365d',
      preCompressed: true,
      // The bytes differ by Accept-Encoding: a shared cache must keep one copy per encoding.
      setHeaders: (res) => {
        void res.setHeader('vary', 'accept-encoding');
      },
      // A build made with source maps must still not publish the sources.
      allowedPath: (path) => !path.endsWith('.map'),
    });
  }

  // The tab icon: a plate and cutlery in the partner's primary colours, so every partner has one
  // without shipping an image (colours are schema-checked hex values).
  const favicon = (request: FastifyRequest) => {
    const { primary, onPrimary } = request.partner.theme.colors;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${primary}"/><circle cx="16" cy="17" r="7.5" fill="none" stroke="${onPrimary}" stroke-width="2"/><path d="M6 6v7M4.5 6v4a1.5 1.5 0 0 0 3 0V6M6 13v13M26 6c-2 1-2.5 4-2.5 7h2.5v13" fill="none" stroke="${onPrimary}" stroke-width="1.6" stroke-linecap="round"/></svg>`;
  };
  for (const path of ['/favicon.svg', '/favicon.ico']) {
    app.get(path, async (request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(favicon(request)),
    );
  }

  app.get<{ Querystring: { preview?: '1' | '0' } }>(
    '/api/bootstrap',
    {
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { preview: { type: 'string', enum: ['0', '1'] } } },
        response: { 200: { $ref: 'api/bootstrap.schema.json#' } },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return buildBootstrap(app, request, reply, request.query.preview === '1');
    },
  );

  /** The page rendered on the server, or null (no renderer, a page the browser renders, a failed render). */
  const serverRendered = async (
    request: FastifyRequest,
    bootstrap: Bootstrap,
    pathname: string,
    search = '',
  ): Promise<RenderedMarkup | null> => {
    if (!renderer) return null;
    let rendered: ServerRendered | null;
    try {
      rendered = await renderer.renderMemberPage({
        bootstrap,
        pathname,
        search,
        api: (path) => ownApi(app, request, path),
        budgetMs: RENDER_BUDGET_MS,
        // Reported as the browser reports a dropped block (client-problems.ts), once per render:
        // a page is rendered once per partner, address and content, not per visitor.
        onProblem: (problem) =>
          request.log.warn(
            { partner: bootstrap.partner.id, path: pathname.slice(0, 200), componentStack: problem.componentStack },
            `server render dropped a block: ${problem.message.slice(0, 300)}`,
          ),
      });
    } catch (error) {
      // The frame itself failed: the shell goes out and the browser renders (and reports) as before.
      request.log.error({ err: error as unknown, path: pathname.slice(0, 200) }, 'the page could not be rendered on the server');
      return null;
    }
    return (
      rendered && {
        markup: rendered.markup,
        links: lazyBlockLinks(manifest, rendered.lazyTypes, template!),
        complete: rendered.complete,
        queries: rendered.queries,
      }
    );
  };

  // Made pages by partner and address; a page being made is shared by the requests that wait for it.
  const anonymousPages = new Map<string, Promise<AnonymousPage>>();
  const perAddressPages = new Map<string, Promise<AnonymousPage>>();
  const anonymousPageFor = async (
    request: FastifyRequest,
    parts: RequestParts,
    key: string,
    headTags: string,
    pathname: string,
    search?: string,
  ): Promise<AnonymousPage> => {
    const partner = request.partner;
    const groups = CMS_CONTENT_NAMES.map((name) => parts.cms[name]);
    const cacheKey = `${partner.id}\n${key}`;
    const [pages, max] = search === undefined ? [anonymousPages, MAX_ANONYMOUS_PAGES] : [perAddressPages, PER_ADDRESS_PAGES];
    const pending = pages.get(cacheKey);
    const last = pending ? await pending.catch(() => null) : null;
    if (
      last &&
      madeFrom(last, partner, groups) &&
      last.headTags === headTags &&
      // A page with fallbacks in it (a block threw, a slow start ran out of time) is made again.
      (!last.page.rendered || (last.page.complete && Date.now() - last.madeAt < RENDERED_PAGE_MAX_AGE_S * 1000))
    ) {
      return last;
    }
    // Another request may have started the same page meanwhile.
    const now = pages.get(cacheKey);
    if (now && now !== pending) return now;
    const making = (async () => {
      const bootstrap = assembleBootstrap(app, partner, parts);
      const page = renderPage(template!, bootstrap, headTags, await serverRendered(request, bootstrap, pathname, search));
      return { page, body: search === undefined ? new EncodedBody(page.html) : null, partner, groups, headTags, madeAt: Date.now() };
    })();
    keepBounded(pages, cacheKey, making, max);
    making.catch(() => {
      if (pages.get(cacheKey) === making) pages.delete(cacheKey);
    });
    return making;
  };

  // The head of a page by address, kept while the partner bundle and every published CMS group are
  // the very objects it was made from (as the anonymous pages are): working it out (copy, routes,
  // amounts, escaping) took a sixth of the CPU of a cached `GET /`. Merchant pages and drafts are
  // worked out per request. Bounded like the pages: a stranger's addresses cannot grow it.
  const heads = new Map<
    string,
    { partner: PartnerBundle; groups: Array<CmsPagesResponse | undefined>; head: PageHead; headTags: string }
  >();
  const headOf = (
    partner: PartnerBundle,
    parts: RequestParts,
    pathname: string,
    origin: string,
    merchant: MerchantFacts | null | undefined,
  ): { head: PageHead; headTags: string } => {
    const make = () => {
      const head = pageHead({ partner, cms: parts.cms, pathname, production: app.config.production, merchant });
      return { head, headTags: headHtml(head, partner, origin) };
    };
    if (parts.preview || merchant !== undefined) return make();
    const key = `${partner.id}\n${origin}\n${pathname}`;
    const groups = CMS_CONTENT_NAMES.map((name) => parts.cms[name]);
    const kept = heads.get(key);
    if (kept && madeFrom(kept, partner, groups)) return kept;
    const made = { partner, groups, ...make() };
    keepBounded(heads, key, made);
    return made;
  };

  // A route (not the not-found handler) so the page gets the compression hooks every route gets.
  app.get('/*', async (request, reply) => {
    // History fallback for page addresses: anything a browser or `curl` may load as a page, but not API
    // calls or missing files (a path ending in an extension), which get a JSON 404.
    const accept = request.headers.accept ?? '*/*';
    const path = request.url.split('?')[0] ?? '';
    const wantsHtml =
      !path.startsWith('/api/') && !/\.[a-z0-9]{1,8}$/i.test(path) && (accept.includes('text/html') || accept.includes('*/*'));
    if (!wantsHtml) return reply.callNotFound();
    if (template === null) {
      return reply.code(503).type('text/plain').send('The client is not built. Run `npm run build` (npm start does it for you).');
    }
    // The query alone: a path is data and may be anything (`//`, `//[`, `//:99999` are no URL to parse).
    const query = new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '');
    const [parts, merchant] = await Promise.all([
      requestParts(app, request, reply, query.get('preview') === '1'),
      merchantFor(app, request, path),
    ]);
    const origin = `${request.protocol}://${request.host}`;
    const { head, headTags } = headOf(request.partner, parts, path, origin, merchant);
    // A search's page depends on its query, a merchant's on the merchant: kept by the whole address in
    // a map of their own (a stranger's odd queries cannot push the busiest pages out of memory). An
    // unknown merchant is the shell's Not Found page, made per request.
    const perAddress = merchant !== undefined || SEARCH_PATH.test(path);
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const cacheable = parts.preview === false && parts.member === null && merchant !== null;
    const anonymous = !cacheable
      ? null
      : perAddress
        ? await anonymousPageFor(request, parts, `${origin}\n${path}?${search}`, headTags, path, search)
        : await anonymousPageFor(request, parts, `${origin}\n${head.canonicalPath ?? '(not found)'}`, headTags, path);
    let page = anonymous?.page;
    if (!page) {
      const bootstrap = assembleBootstrap(app, request.partner, parts);
      // A search or known merchant, and a signed-in member's page, is rendered on the server for this
      // request (an unknown merchant is the shell's Not Found page, answered 404 below; a member the
      // database did not give is the shell, whose browser asks for them).
      const renders = parts.preview === false && parts.member !== undefined && merchant !== null;
      page = renderPage(template, bootstrap, headTags, renders ? await serverRendered(request, bootstrap, path, search) : null);
    }
    // An address no route of this partner takes, an unknown merchant or earn detail: the app shows
    // its Not Found page, and the status says so too, so crawlers and monitors do not take it for a page.
    if (head.notFound) reply.code(404);
    // Revalidated on every load; a page naming a member is for that browser only. A page rendered on
    // the server is the same for every anonymous visitor: shareable for a short while (it is made
    // again as often, and at once when its content is published); by cookie, so a browser that has
    // signed in since does not show the page it kept from before (a CDN should also pass requests
    // with the member cookie through).
    // A page with a member's data in it (the bootstrap's member, their rendered page) is kept by no
    // cache at all, not even this browser's: the next load asks again.
    if (parts.member) reply.header('cache-control', 'private, no-store');
    else if (page.rendered && page.complete) {
      reply
        .header('cache-control', `public, max-age=${RENDERED_PAGE_MAX_AGE_S}, stale-while-revalidate=${RENDERED_PAGE_STALE_S}`)
        .header('vary', 'cookie');
    } else reply.header('cache-control', 'no-cache');
    reply.header('etag', page.etag);
    if (notModified(request, page.etag)) return reply.code(304).send();
    // The CSP (plugins/security-headers.ts) allows the inline theme and bootstrap by these hashes only.
    reply.mbCspHashes = page.hashes;
    // A preview with drafts may be framed by the page editor of this origin (its live preview).
    if (parts.preview && query.get('preview') === '1') reply.mbSameOriginFrames = 'embedded';
    reply.type('text/html; charset=utf-8');
    // A kept search or merchant page goes through the compress hook like a fresh one: its best
    // compression, made once, would cost more than it saves on a page few others ask for.
    return anonymous?.body ? sendEncoded(request, reply, anonymous.body) : reply.send(page.html);
  });

  app.setNotFoundHandler(async (_request, reply) => sendError(reply, 404, 'Not Found'));
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The client build's manifest (vite.config.ts `manifest`): which files each source's chunk needs. */
function readManifest(app: FastifyInstance, path: string): Manifest {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch (error) {
    app.log.warn(
      { err: error as unknown, path },
      'no client manifest: chunked blocks of server-rendered pages get their CSS with their code',
    );
    return {};
  }
}

/**
 * The stylesheets (and, to hydrate sooner, the code) of these chunked block types, as link tags:
 * their CSS would otherwise arrive with their code, after the first paint, and never without
 * JavaScript. The member app's own CSS is in the template already.
 */
function lazyBlockLinks(manifest: Manifest, types: readonly string[], template: string): string {
  const css = new Set<string>();
  const code = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    code.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const type of types) visit(`registry/${type}/lazy.ts`);
  const fresh = (file: string) => !template.includes(`/${file}"`);
  return [
    ...[...css].filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...code].filter(fresh).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n');
}

/** The build's server-render module, or null (a client built without it, a stand-in client in tests): every page is then the shell. */
async function loadServerRenderer(app: FastifyInstance, path: string): Promise<ServerRenderModule | null> {
  if (!existsSync(path)) return null;
  try {
    const loaded = (await import(pathToFileURL(path).href)) as Partial<ServerRenderModule>;
    if (typeof loaded.renderMemberPage !== 'function') throw new Error('it exports no renderMemberPage');
    return { renderMemberPage: loaded.renderMemberPage };
  } catch (error) {
    app.log.error({ err: error as unknown, path }, 'the server-render module could not be loaded; pages are rendered in the browser');
    return null;
  }
}
