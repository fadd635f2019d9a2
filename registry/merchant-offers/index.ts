import { defineBlock } from '../define-block.ts';
import type { MerchantOffersProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Merchant offers';

// The merchant detail widgets load in their own chunk (with the map), outside the first route.
export default defineBlock<MerchantOffersProps>({
  type: 'merchant-offers',
  load: () => import('./lazy.ts'),
});
