import { defineBlock } from '../define-block.ts';
import type { AccountOverviewProps } from '#shared/generated/types.ts';

// Members only: its own chunk, outside the first route.
export default defineBlock<AccountOverviewProps>({
  load: () => import('./lazy.ts'),
});
