import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateMerchantOffersProps } from '#shared/generated/validators.js';
import type { MerchantOffersProps } from '#shared/generated/types.ts';

// The merchant detail widgets load in their own chunk (with the map), outside the first route.
export default defineBlock<MerchantOffersProps>({
  type: 'merchant-offers',
  title: 'Merchant offers',
  validate: validateMerchantOffersProps,
  component: lazyComponent(async () => (await import('#client/features/merchant-detail/index.ts')).MerchantOffers),
});
