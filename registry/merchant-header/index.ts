import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateMerchantHeaderProps } from '#shared/generated/validators.js';
import type { MerchantHeaderProps } from '#shared/generated/types.ts';

// The merchant detail widgets load in their own chunk (with the map), outside the first route.
export default defineBlock<MerchantHeaderProps>({
  type: 'merchant-header',
  title: 'Merchant header',
  pageHeading: true,
  validate: validateMerchantHeaderProps,
  component: lazyComponent(async () => (await import('#client/features/merchant-detail/index.ts')).MerchantHeader),
});
