import { defineBlock } from '../define-block.ts';
import type { AccountActivityProps } from '#shared/generated/types.ts';

// Members only: its own chunk, outside the first route.
export default defineBlock<AccountActivityProps>({
  load: () => import('./lazy.ts'),
});
