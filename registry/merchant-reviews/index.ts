import { defineBlock } from '../define-block.ts';
import type { MerchantReviewsProps } from '#shared/generated/types.ts';

// The merchant detail widgets load in their own chunk (with the map), outside the first route.
export default defineBlock<MerchantReviewsProps>({
  load: () => import('./lazy.ts'),
});
