import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateMerchantReviewsProps } from '#shared/generated/validators.js';
import type { MerchantReviewsProps } from '#shared/generated/types.ts';

// The merchant detail widgets load in their own chunk (with the map), outside the first route.
export default defineBlock<MerchantReviewsProps>({
  type: 'merchant-reviews',
  title: 'Merchant reviews',
  validate: validateMerchantReviewsProps,
  component: lazyComponent(async () => (await import('#client/features/merchant-detail/index.ts')).MerchantReviews),
});
