import { defineBlock } from '../define-block.ts';
import type { MerchantSidebarProps } from '#shared/generated/types.ts';

// With the other restaurant page widgets, outside the first route.
export default defineBlock<MerchantSidebarProps>({
  load: () => import('./lazy.ts'),
});
