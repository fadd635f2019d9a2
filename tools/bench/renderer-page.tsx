// The renderer bench's page (bundled by tools/bench/renderer.ts with esbuild, once for Node and once
// for the browser): the same 100 real blocks rendered two ways inside the same providers, through
// the page renderer (layout in, PageRenderer) and as plain React (each block's component with the
// props the resolver gave it, mapped by hand in one page container).
import { createElement, type ReactElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { PageLayout } from '#shared/generated/types.ts';
import { resolvePage } from '#shared/page/resolve.ts';
import { PageRenderer } from '#client/page/PageRenderer.tsx';
import { RuntimeProvider, type Runtime } from '#client/runtime/index.tsx';
import { blocks, blockView, layoutChecks, whenBlockCodeLoaded } from '#registry/index.ts';
import pageStyles from '#client/page/page.module.css';

// The bundle's own React renders (the bench must not mix in the React of node_modules).
export { renderToString } from 'react-dom/server';

export interface BenchPageData {
  runtime: Omit<Runtime, 'visitor'> & { visitor: Omit<Runtime['visitor'], 'now'> & { now: string } };
  layout: PageLayout;
  source: string;
  /** What the API answers, by path: the page's queries get these at once, as from a warm server. */
  answers: Record<string, unknown>;
}

export interface BenchPage {
  /** The page through the renderer. */
  page: () => ReactElement;
  /** The same blocks as plain React. */
  plain: () => ReactElement;
  /** How many blocks render (after `when`). */
  blocks: number;
}

export async function prepare(data: BenchPageData): Promise<BenchPage> {
  const runtime: Runtime = { ...data.runtime, visitor: { ...data.runtime.visitor, now: new Date(data.runtime.visitor.now) } };
  // Validators and components here before either renders (what the app has loaded by then too).
  await whenBlockCodeLoaded(Object.values(data.layout.blocks).flatMap((block) => (block ? [block.type] : [])));
  // No query runs: both variants render the blocks' loading states, and no answer arrives mid-measurement.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  const wrap = (child: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <RuntimeProvider value={runtime}>
        <MemoryRouter>{child}</MemoryRouter>
      </RuntimeProvider>
    </QueryClientProvider>
  );
  const resolved = resolvePage({
    layout: data.layout,
    source: data.source,
    ...layoutChecks(false),
    visitor: runtime.visitor,
    placeholders: runtime.placeholders,
  });
  const shown = resolved.blocks.flatMap((block) => (block.status === 'ok' ? [block] : []));
  // The blocks' data is in the cache before either variant renders, as on a page whose queries have
  // answered: the carousels show their cards, and the renderer's prefetch finds fresh data.
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://bench').pathname;
    const body = data.answers[path];
    return new Response(JSON.stringify(body ?? { message: 'not in the bench' }), {
      status: body === undefined ? 404 : 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  for (const block of shown)
    (blocks[block.type].prefetch as ((props: unknown, r: Runtime, q: QueryClient) => void) | undefined)?.(
      block.props,
      runtime,
      queryClient,
    );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    page: () => wrap(<PageRenderer layout={data.layout} source={data.source} />),
    plain: () =>
      wrap(
        <div className={pageStyles.page}>
          {shown.map((block) =>
            createElement(blockView(block.type).component as (props: object) => ReactNode, { key: block.id, ...block.props }),
          )}
        </div>,
      ),
    blocks: shown.length,
  };
}

/** Mounts the element at once (commit included) and returns how to unmount it: the browser half. */
export function mount(element: ReactElement, container: Element): () => void {
  const root = createRoot(container);
  flushSync(() => root.render(element));
  return () => root.unmount();
}
