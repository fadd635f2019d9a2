// A block (its type is its folder's name, the key it has in blocks.generated.ts): its props validator (precompiled from props.schema.json),
// component, and optionally the data it needs so the page can prefetch it. A block outside the
// first route loads its validator and component together, on demand (`load`); a first-route block
// has its component at hand and loads its validator when a layout needs checking (`loadValidate`).
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ValidateFn } from '#shared/generated/validators.js';
import type { RuntimeSettings } from '#client/runtime/index.tsx';

/** What renders a block: the validator its props must pass and the component that shows them. */
export interface BlockCode<Props> {
  validate: ValidateFn<Props>;
  component: ComponentType<Props>;
}

interface BlockBase {
  /**
   * The block shows the page's one h1 (a page heading, a form's title, a restaurant's name). A page
   * with none of these visible gets its layout title as a visually hidden h1 from the renderer, so
   * every page has exactly one; every other block's headings are h2 and below.
   */
  pageHeading?: boolean;
}

/**
 * A first-route block: its component is in the entry chunk. Its props validator is not: the layouts
 * a member's page starts with were checked by the server, so it loads (`loadValidate`) only for a
 * layout that was not (an editor's unsaved draft, a broken layout whose problems are reported).
 */
export interface EagerBlockDefinition<Props> extends BlockBase {
  component: ComponentType<Props>;
  loadValidate: () => Promise<ValidateFn<Props>>;
  load?: never;
  /** Warms the query cache before the block renders (Puck's resolveData idea). */
  prefetch?: (props: Props, runtime: RuntimeSettings, queryClient: QueryClient) => void;
}

/**
 * A block only some routes show (forms, account, search, merchant pages): `load` imports its
 * `lazy.ts`, which exports `validate` and `component`, in a chunk of its own. The page loads it
 * before resolving a layout that uses the type, so its props are validated like any other block's.
 * It has no `prefetch`: that would wait for the chunk, which is what prefetching avoids.
 */
export interface LazyBlockDefinition<Props> extends BlockBase {
  load: () => Promise<BlockCode<Props>>;
  loadValidate?: never;
  component?: never;
  prefetch?: never;
}

export type BlockDefinition<Props> = EagerBlockDefinition<Props> | LazyBlockDefinition<Props>;

export function defineBlock<Props>(definition: BlockDefinition<Props>): BlockDefinition<Props> {
  return definition;
}
