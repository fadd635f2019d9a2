import { defineBlock } from '../define-block.ts';
import type { AccountProfileProps } from '#shared/generated/types.ts';

// Members only: its own chunk, outside the first route.
export default defineBlock<AccountProfileProps>({
  load: () => import('./lazy.ts'),
});
