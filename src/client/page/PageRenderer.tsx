// The page pipeline's React half: load the code of the layout's block types that is not here yet
// (blocks outside the first route), resolve (pure, shared), then render each block in its own error
// boundary. Failed blocks are placeholders in preview, dropped otherwise.
import { memo, Suspense, use, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { dequal } from 'dequal';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { layoutBlockTypes, resolvePage, type ResolvedBlock, type ResolvedPage } from '#shared/page/resolve.ts';
import { escapePointer } from '#shared/validation.ts';
import { blockView, blocks, layoutChecks, loadBlockCode, type BlockPropsMap, type BlockType } from '#registry/index.ts';
import { useRuntime, type RuntimeSettings } from '#client/runtime/index.tsx';
import { Spinner } from '#client/ui/Spinner.tsx';
import { BlockPositionContext, HeroClaimContext, type HeroClaim } from '#client/ui/block-position.tsx';
import { useBlockImpressions } from '#client/features/tracking/index.ts';
import { BlockBoundary } from './BlockBoundary.tsx';
import { BlockPlaceholder } from './BlockPlaceholder.tsx';
import { isCheckedLayout } from './checked-layouts.ts';
import { reportProblem } from './report.ts';
import { PREVIEW_WINDOW_MIN, usePreviewWindow } from './preview-window.ts';
import styles from './page.module.css';

export interface PageRendererProps {
  layout: unknown;
  source: string;
  /** Called with the resolved page title (for the document title). */
  onTitle?: (title: string | null) => void;
  /**
   * A layout shown inside another page (the frame's re-enrolment area): it never adds the page's h1.
   * A page layout does when none of its visible blocks shows one (BlockDefinition.pageHeading).
   */
  embedded?: boolean;
}

function prefetchBlock<Type extends BlockType>(
  block: ResolvedBlock<BlockPropsMap, Type>,
  runtime: RuntimeSettings,
  queryClient: QueryClient,
) {
  blocks[block.type].prefetch?.(block.props, runtime, queryClient);
}

/** A block's component with exactly its props: the type's code pairs with the resolved props. */
function BlockContent<Type extends BlockType>({ block }: { block: ResolvedBlock<BlockPropsMap, Type> }) {
  const Component = blockView(block.type).component;
  return <Component {...block.props} />;
}

/**
 * A block's element: named by id and type (the editor's preview selects by them), and on member pages
 * its views and clicks counted for the page editor's outline (not in previews: editors are not members).
 */
function BlockFrame({
  id,
  type,
  counted,
  standIn,
  children,
}: {
  id: string;
  type: string;
  counted: boolean;
  standIn: number | null;
  children: ReactNode;
}) {
  const ref = useBlockImpressions(id, counted);
  // A big page's preview keeps the element of a block away from its view, empty at its height
  // (preview-window.ts): the outline of the editor's selection and scrolling to it keep working.
  return (
    <div
      ref={ref}
      data-block-id={id}
      data-block-type={type}
      className={standIn === null ? undefined : styles.standIn}
      style={standIn === null ? undefined : { height: standIn }}
    >
      {standIn === null ? children : null}
    </div>
  );
}

/**
 * A layout using blocks outside the first route (forms, account, search, merchant pages) waits here
 * for their chunks (validator and component together), so their props are validated before anything
 * renders, like every block's. A layout the server did not check (see checked-layouts.ts) also waits
 * for the validators of the first-route blocks; the layouts a member's page starts with never wait.
 */
export function PageRenderer(props: PageRendererProps) {
  return (
    <Suspense fallback={<Spinner size="md" />}>
      <LoadedPage {...props} />
    </Suspense>
  );
}

/** Starts loading the code of a layout's block types (for a route that knows its layout before its page renders). */
export function preloadLayoutCode(layout: unknown): void {
  void loadBlockCode(layoutBlockTypes(layout), { validators: !isCheckedLayout(layout) });
}

/** A promise React reads as settled without waiting (`use` checks `status` first). */
const EVERYTHING_HERE: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

function LoadedPage({ layout, source, onTitle, embedded = false }: PageRendererProps) {
  // Asked again after every wait until every type of the layout is here. Not one `use` of the first
  // promise: when React replays a component that suspended, a `use` at the same position returns the
  // earlier (settled) promise's value whatever promise it is given now, so a layout whose types load
  // in several chunks rendered as soon as the first one arrived, and dropped the others' blocks as
  // unknown types (seen on /search under load).
  // At least one `use` on every render, the last on a settled promise once all is here: React expects
  // a component that suspended on `use` to call it again when it finishes.
  const types = layoutBlockTypes(layout);
  const checked = isCheckedLayout(layout);
  const options = { validators: !checked };
  let loading = loadBlockCode(types, options);
  for (;;) {
    use(loading ?? EVERYTHING_HERE);
    if (!loading) break;
    loading = loadBlockCode(types, options);
  }
  return <ResolvedPageView layout={layout} checked={checked} source={source} onTitle={onTitle} embedded={embedded} />;
}

function ResolvedPageView({ layout, checked, source, onTitle, embedded = false }: PageRendererProps & { checked: boolean }) {
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const page: ResolvedPage<BlockPropsMap> = useMemo(
    () =>
      resolvePage({
        layout,
        source,
        ...layoutChecks(checked),
        visitor: runtime.visitor,
        placeholders: runtime.placeholders,
      }),
    [layout, checked, source, runtime.visitor, runtime.placeholders],
  );

  useEffect(() => {
    if (!runtime.preview) for (const problem of page.problems) reportProblem(problem);
  }, [page, runtime.preview]);

  // The layout's title goes first (layout phase), so a block that names the page more exactly (the
  // merchant's name) sets its own in its effect afterwards, whether its data was already cached or not.
  useLayoutEffect(() => {
    onTitle?.(page.title);
  }, [page.title, onTitle]);

  // One per page: its first image above the fold gets fetchpriority=high (ui/block-position.tsx). Kept
  // across drafts of the same page in the preview: a new claim would redraw every image of the page
  // for each edit, and the images already shown decided theirs when they first rendered.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new page (its source) starts a new claim
  const heroClaim = useMemo<HeroClaim>(() => ({ taken: false }), [source]);

  const pageElement = useRef<HTMLDivElement>(null);
  const ids = useMemo(() => page.blocks.map((block) => block.id), [page.blocks]);
  const previewWindow = usePreviewWindow(ids, runtime.preview && ids.length > PREVIEW_WINDOW_MIN, pageElement);

  // Data starts with the navigation, not after the page commits: the blocks' declared queries are
  // started while the route renders, before any block's chunk is requested (TanStack's
  // usePrefetchQuery does the same; prefetchQuery is deduplicated, so re-renders cost nothing).
  // Not on the server (server-render.tsx): its pages are shared by every anonymous visitor and say
  // "loading" where a block's data is the visitor's (their location, the merchants near them).
  if (typeof window !== 'undefined') for (const block of page.blocks) if (block.status === 'ok') prefetchBlock(block, runtime, queryClient);

  if (!page.ok) {
    return runtime.preview ? (
      <div className={styles.page}>
        <BlockPlaceholder id="page" type="layout" problems={page.problems} />
      </div>
    ) : null;
  }

  // Position among the blocks shown (failed ones are not), for above-the-fold loading.
  let shown = 0;

  // Every page has exactly one h1. Home and discover pages are banners, carousels and steps (h2
  // sections): their h1 is the layout's title, for screen readers and the outline only, since the
  // hero banner already says it on screen.
  const headingTitle = page.title ?? runtime.placeholders.programName;
  const needsHeading =
    !embedded && headingTitle !== '' && !page.blocks.some((block) => block.status === 'ok' && blocks[block.type].pageHeading === true);

  return (
    <HeroClaimContext value={heroClaim}>
      <div ref={pageElement} className={styles.page} data-page-source={source}>
        {needsHeading && <h1 className="visually-hidden">{headingTitle}</h1>}
        {page.blocks.map((block) => {
          if (block.status === 'failed') {
            return runtime.preview ? <BlockPlaceholder key={block.id} id={block.id} type={block.type} problems={block.problems} /> : null;
          }
          const position = shown++;
          return (
            <PageBlock
              key={block.id}
              block={block}
              position={position}
              source={source}
              preview={runtime.preview}
              standIn={previewWindow.standIn(block.id)}
            />
          );
        })}
      </div>
    </HeroClaimContext>
  );
}

interface PageBlockProps {
  block: ResolvedBlock<BlockPropsMap>;
  /** Among the blocks shown (failed ones are not), for above-the-fold loading. */
  position: number;
  source: string;
  preview: boolean;
  /** null: drawn; a number: an empty stand-in of that height (a big page's preview, away from its view). */
  standIn: number | null;
}

/**
 * One block in its error boundary. Drawn again only when its own props (compared by value: each
 * edit of a layout resolves it afresh, so every block's props are new objects), its place or the
 * page change; its CMS entries and the runtime it reads redraw it through their own hooks. On a
 * 200-block page in the editor's preview, an edit redraws the one block it touched.
 */
const PageBlock = memo(function PageBlock({ block, position, source, preview, standIn }: PageBlockProps) {
  return (
    <BlockBoundary id={block.id} type={block.type} source={source} pointer={`/blocks/${escapePointer(block.id)}`} preview={preview}>
      <Suspense fallback={<Spinner size="md" />}>
        <BlockFrame id={block.id} type={block.type} counted={!preview} standIn={standIn}>
          <BlockPositionContext value={position}>
            <BlockContent block={block} />
          </BlockPositionContext>
        </BlockFrame>
      </Suspense>
    </BlockBoundary>
  );
}, samePageBlock);

function samePageBlock(was: PageBlockProps, now: PageBlockProps): boolean {
  return (
    was.position === now.position &&
    was.source === now.source &&
    was.preview === now.preview &&
    was.standIn === now.standIn &&
    was.block.id === now.block.id &&
    was.block.type === now.block.type &&
    (was.block.props === now.block.props || dequal(was.block.props, now.block.props))
  );
}
