import { defineBlock } from '../define-block.ts';
import type { MerchantOffersProps } from '#shared/generated/types.ts';

// The merchant detail widgets load in their own chunk (with the map), outside the first route.
export default defineBlock<MerchantOffersProps>({
  load: () => import('./lazy.ts'),
});
