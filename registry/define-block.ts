// A block: its type (the folder name), props validator (precompiled from props.schema.json),
// component, and optionally the data it needs so the page can prefetch it.
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ValidateFn } from '#shared/generated/validators.js';
import type { Runtime } from '#client/ui/runtime.tsx';

export interface BlockDefinition<Props> {
  type: string;
  /** Human name for editors and preview placeholders. */
  title: string;
  validate: ValidateFn<Props>;
  component: ComponentType<Props>;
  /** Warms the query cache before the block renders (Puck's resolveData idea). */
  prefetch?: (props: Props, runtime: Runtime, queryClient: QueryClient) => void;
}

export function defineBlock<Props>(definition: BlockDefinition<Props>): BlockDefinition<Props> {
  return definition;
}
