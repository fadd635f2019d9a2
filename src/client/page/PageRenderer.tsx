// The page pipeline's React half: resolve (pure, shared) then render each block in its own
// error boundary and Suspense. Failed blocks are placeholders in preview, dropped otherwise.
import { Suspense, useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { resolvePage, type ResolvedPage } from '#shared/page/resolve.ts';
import { escapePointer } from '#shared/validation.ts';
import { blocks, blockValidators } from '#registry/index.ts';
import { useRuntime } from '#client/ui/runtime.tsx';
import { Spinner } from '#client/ui/Spinner.tsx';
import { BlockBoundary } from './BlockBoundary.tsx';
import { BlockPlaceholder } from './BlockPlaceholder.tsx';
import { reportProblem } from './report.ts';
import styles from './page.module.css';

export interface PageRendererProps {
  layout: unknown;
  source: string;
  override?: unknown;
  /** Called with the resolved page title (for the document title). */
  onTitle?: (title: string | null) => void;
}

export function PageRenderer({ layout, source, override, onTitle }: PageRendererProps) {
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const page: ResolvedPage = useMemo(
    () => resolvePage({ layout, source, override, validators: blockValidators, visitor: runtime.visitor, placeholders: runtime.placeholders }),
    [layout, source, override, runtime.visitor, runtime.placeholders],
  );

  useEffect(() => {
    if (!runtime.preview) for (const problem of page.problems) reportProblem(problem);
  }, [page, runtime.preview]);

  useEffect(() => {
    onTitle?.(page.title);
  }, [page.title, onTitle]);

  useEffect(() => {
    for (const block of page.blocks) {
      if (block.status !== 'ok') continue;
      const definition = blocks[block.type as keyof typeof blocks];
      (definition?.prefetch as ((p: unknown, r: typeof runtime, q: typeof queryClient) => void) | undefined)?.(block.props, runtime, queryClient);
    }
  }, [page, runtime, queryClient]);

  if (!page.ok) {
    return runtime.preview ? (
      <div className={styles.page}>
        <BlockPlaceholder id="page" type="layout" problems={page.problems} />
      </div>
    ) : null;
  }

  return (
    <div className={styles.page} data-page-source={source}>
      {page.blocks.map((block) => {
        if (block.status === 'failed') {
          return runtime.preview ? <BlockPlaceholder key={block.id} id={block.id} type={block.type} problems={block.problems} /> : null;
        }
        const definition = blocks[block.type as keyof typeof blocks];
        const BlockComponent = definition.component as React.ComponentType<Record<string, unknown>>;
        return (
          <BlockBoundary
            key={block.id}
            id={block.id}
            type={block.type}
            source={source}
            pointer={`/blocks/${escapePointer(block.id)}`}
            preview={runtime.preview}
          >
            <Suspense fallback={<Spinner size="md" />}>
              <div data-block-id={block.id} data-block-type={block.type}>
                <BlockComponent {...block.props} />
              </div>
            </Suspense>
          </BlockBoundary>
        );
      })}
    </div>
  );
}
