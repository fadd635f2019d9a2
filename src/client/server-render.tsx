// The member pages the server renders (docs/decisions/2026-11-28-server-rendering.md): built by vite
// as a server module (dist/client/ssr/render.js, vite.config.ts) from the same App, registry,
// resolver, copy and theme as the browser's bundle, so CSS module class names match; loaded and
// called by src/server/routes/web.ts. The pages of the routes below whose block types are all ones
// a server renders, for an anonymous visitor or the session's member: their data is the bootstrap
// (partner, CMS groups, member) and, for search and a merchant, the API answers `queriesFor` puts in
// the query client and hands over dehydrated. Every other page stays the shell the browser renders (null).
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import type { Bootstrap } from '#shared/bootstrap.ts';
import type { ApiAnswer, ServerRenderModule, ServerRenderRequest } from '#shared/server-render.ts';
import { LAYOUT_SLUG } from '#shared/cms.ts';
import { layoutBlockTypes } from '#shared/page/resolve.ts';
import { availableRoutes, isOutagePath, matchRoute } from '#shared/routes.ts';
import { blocks } from '#registry/index.ts';
import { App, createQueryClient } from './app/App.tsx';
import { trustCheckedLayouts } from './page/checked-layouts.ts';
import { parseSearchState, searchPageQuery } from './features/search/index.ts';
import { merchantDetailQuery } from './features/merchant-detail/index.ts';

/**
 * The routes rendered here: those whose data is the bootstrap's alone (home, discover, earn, how it
 * works, legal content), and search and a merchant's page, whose data the server asks its own API
 * for first (`queriesFor`).
 */
const SERVER_ROUTES = new Set([
  '/',
  '/discover/*',
  '/earn',
  '/earn/:slug',
  '/how-it-works',
  '/terms',
  '/privacy',
  '/search',
  '/merchants/:merchantId',
]);

/**
 * The block types a server may render: every first-route block (checked here in the layouts of the
 * routes above; the merchant carousel renders its loading state, its data being the visitor's
 * location), and these chunked ones, whose data is the bootstrap's CMS groups. The map, search,
 * merchant, account and form blocks are not on these routes and stay in the browser.
 */
const SERVER_LAZY_TYPES = new Set([
  'earn-overview',
  'earn-banner',
  'earn-detail',
  'how-it-works-guide',
  'cms-page',
  // Search: the first page of results for a named place (queriesFor); the map and the filters'
  // desktop layout mount in the browser (their media query is false on the server).
  'search-form',
  'search-filters',
  'search-results',
  'search-map',
  'search-sidebar',
  // A merchant's page: its detail (queriesFor); the map and the reservation widget (today's date,
  // in the visitor's time zone) mount in the browser.
  'merchant-header',
  'merchant-offers',
  'merchant-menu',
  'merchant-reviews',
  'merchant-events',
  'merchant-reservation',
  'merchant-ordering',
  'merchant-sidebar',
]);

function layoutOf(bootstrap: Bootstrap, page: { cms: 'home' | 'discover' } | { layout: string }): unknown {
  const { partner, cms } = bootstrap;
  if ('cms' in page) return cms[page.cms]?.data.find((entry) => entry.slug === LAYOUT_SLUG)?.fields ?? partner.pages[page.cms];
  return Object.hasOwn(partner.pages, page.layout) ? partner.pages[page.layout] : undefined;
}

/** The page's route and layout when it renders on the server, else null. */
function serverPage(bootstrap: Bootstrap, pathname: string): { path: string; layout: unknown } | null {
  const { partner } = bootstrap;
  // A signed-in member's page renders for them (web.ts sends it private, no-store); one whose member
  // the server could not load (undefined) is the shell, whose browser asks itself.
  if (bootstrap.preview || bootstrap.member === undefined) return null;
  if (isOutagePath(pathname, partner.config.outage.paths)) return null;
  const route = matchRoute(pathname, availableRoutes(partner.config, { production: bootstrap.production }));
  if (!route || !SERVER_ROUTES.has(route.path) || !('cms' in route.page || 'layout' in route.page)) return null;
  const layout = layoutOf(bootstrap, route.page);
  return layout === undefined ? null : { path: route.path, layout };
}

/**
 * Puts into the query client, under the keys the blocks' hooks use, the data the page's blocks would
 * ask for first: the merchant of a merchant page, the first page of results of a search naming a
 * place (a search around the visitor's position waits for the browser's location, as before). Only
 * answers the API gave (2xx): anything else the browser asks again and shows as it always did.
 * Returns the query hashes seeded, which are the ones dehydrated.
 */
async function queriesFor(
  route: string,
  pathname: string,
  search: string,
  api: (path: string) => Promise<ApiAnswer>,
  client: QueryClient,
): Promise<Set<string>> {
  const seeded = new Set<string>();
  const seed = async (queryKey: readonly unknown[], path: string) => {
    const answer = await api(path);
    if (answer.status < 200 || answer.status >= 300) return;
    client.setQueryData(queryKey, answer.body);
    const query = client.getQueryCache().find({ queryKey, exact: true });
    if (query) seeded.add(query.queryHash);
  };
  if (route === '/search') {
    const state = parseSearchState(new URLSearchParams(search));
    if (state.location !== null) {
      const { queryKey } = searchPageQuery(state, null);
      await seed(queryKey, `/api/v2/Merchants/Search?${queryKey[1]}`);
    }
  } else if (route === '/merchants/:merchantId') {
    const id = decodeURIComponent(pathname.split('/')[2] ?? '');
    await seed(merchantDetailQuery(id).queryKey, `/api/v2/Merchants/${encodeURIComponent(id)}`);
  }
  return seeded;
}

const isLazy = (type: string) => Object.hasOwn(blocks, type) && blocks[type as keyof typeof blocks].load !== undefined;
const serverSafe = (type: string) => Object.hasOwn(blocks, type) && (!isLazy(type) || SERVER_LAZY_TYPES.has(type));

/**
 * The page's markup (what goes inside #root), or null when it is not one rendered here. Streamed by
 * React and collected whole (onAllReady): the page is made once per partner, address and content and
 * served from memory (web.ts), so a crawler and a visitor without JavaScript get every block.
 */
export const renderMemberPage: ServerRenderModule['renderMemberPage'] = async ({
  bootstrap,
  pathname,
  search,
  api,
  budgetMs,
  onProblem,
}: ServerRenderRequest) => {
  // Outside preview, with the visitor known (anonymous or the session's member), a route of the
  // list above, not under maintenance, and every block type of its layout one a server renders.
  const page = serverPage(bootstrap, pathname);
  const types = page === null ? [] : layoutBlockTypes(page.layout);
  if (page === null || !types.every(serverSafe)) return null;
  trustCheckedLayouts(bootstrap);
  const queryClient = createQueryClient();
  const seeded = await queriesFor(page.path, pathname, search, api, queryClient);
  const location = search === '' ? pathname : `${pathname}?${search}`;
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={location}>{children}</StaticRouter>;
  let complete = true;
  const markup = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(<App bootstrap={bootstrap} queryClient={queryClient} Router={Router} />, {
      // Every boundary inline, in order: React would otherwise send large ones after the shell with
      // inline scripts that move them into place, which the CSP does not allow (no 'unsafe-inline').
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(budget);
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(budget);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      // A block that throws: its Suspense boundary's fallback goes out and the browser renders it
      // again, where the block's error boundary drops it and reports it (page/BlockBoundary.tsx).
      onError(error, info) {
        complete = false;
        onProblem({
          message: error instanceof Error ? error.message : String(error),
          componentStack: info.componentStack?.trim().split('\n').slice(0, 12).join('\n') ?? null,
        });
      },
    });
    const budget = setTimeout(() => stream.abort(new Error(`the server render took longer than ${budgetMs} ms`)), budgetMs);
  });
  const queries = seeded.size === 0 ? null : dehydrate(queryClient, { shouldDehydrateQuery: (query) => seeded.has(query.queryHash) });
  return { markup, lazyTypes: types.filter(isLazy), complete, queries };
};
