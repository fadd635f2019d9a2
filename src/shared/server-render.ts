// The contract between the server (src/server/routes/web.ts) and the member pages' server-render
// module it loads at start (src/client/server-render.tsx, built to dist/client/ssr/render.js).
import type { Bootstrap } from './bootstrap.ts';

/** Where the built module sits inside the client's folder (only its assets/ folder is served). */
export const SERVER_RENDER_MODULE = 'ssr/render.js';

/** The attribute on #root saying its content came from the server: the browser hydrates it. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/** The inline JSON element holding the queries the server answered (TanStack Query's dehydrated state). */
export const QUERY_STATE_ELEMENT_ID = 'mb-queries';

/** An API answer the server made for a page's blocks: its status and parsed JSON body. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** A render error: a block that threw (its Suspense boundary's fallback went out instead) or the budget running out. */
export interface ServerRenderProblem {
  message: string;
  componentStack: string | null;
}

export interface ServerRenderRequest {
  bootstrap: Bootstrap;
  /** The page's path. */
  pathname: string;
  /** The address's query string without '?' (the search page reads it; others ignore it). */
  search: string;
  /**
   * A GET of this app's own API (path and query), answered by the very route the browser would
   * call: the blocks' data (a merchant, a page of search results) for the query cache.
   */
  api: (path: string) => Promise<ApiAnswer>;
  /** Past this, what has not rendered goes out as its fallback and the browser finishes it. */
  budgetMs: number;
  onProblem: (problem: ServerRenderProblem) => void;
}

export interface ServerRendered {
  /** What goes inside #root. */
  markup: string;
  /**
   * The page's block types whose code is a chunk of its own (registry `load`): the page links their
   * CSS (from the build's manifest), which the browser would otherwise load only with their code.
   */
  lazyTypes: string[];
  /**
   * The queries answered on the server, dehydrated (TanStack Query's `dehydrate`), or null: inlined
   * as a JSON element the browser hydrates into its query client, so it does not ask again.
   */
  queries: unknown;
  /** False when a block threw or the budget ran out: the page then holds fallbacks and is not kept or shared. */
  complete: boolean;
}

export interface ServerRenderModule {
  /** The page rendered, or null for a page the browser renders. */
  renderMemberPage: (request: ServerRenderRequest) => Promise<ServerRendered | null>;
}
