import { defineBlock } from '../define-block.ts';
import type { MerchantMenuProps } from '#shared/generated/types.ts';

// The merchant detail widgets load in their own chunk (with the map), outside the first route.
export default defineBlock<MerchantMenuProps>({
  load: () => import('./lazy.ts'),
});
