// A block: its type (the folder name), props validator (precompiled from props.schema.json),
// component, and optionally the data it needs so the page can prefetch it.
import { lazy, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ValidateFn } from '#shared/generated/validators.js';
import type { Runtime } from '#client/runtime/index.tsx';

export interface BlockDefinition<Props> {
  type: string;
  /** Human name for editors and preview placeholders. */
  title: string;
  validate: ValidateFn<Props>;
  component: ComponentType<Props>;
  /**
   * The block shows the page's one h1 (a page heading, a form's title, a restaurant's name). A page
   * with none of these visible gets its layout title as a visually hidden h1 from the renderer, so
   * every page has exactly one; every other block's headings are h2 and below.
   */
  pageHeading?: boolean;
  /** Warms the query cache before the block renders (Puck's resolveData idea). */
  prefetch?: (props: Props, runtime: Runtime, queryClient: QueryClient) => void;
}

export function defineBlock<Props>(definition: BlockDefinition<Props>): BlockDefinition<Props> {
  return definition;
}

/**
 * A component loaded on first render, in its own chunk: for blocks only some routes show (forms,
 * the card frame), so they stay out of the first route's JavaScript. The page renders every block
 * inside Suspense, which shows a spinner while the chunk loads.
 */
export function lazyComponent<Props>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  return lazy(async () => ({ default: await load() })) as unknown as ComponentType<Props>;
}
