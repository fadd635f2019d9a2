import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateMerchantOrderPageProps } from '#shared/generated/validators.js';
import type { MerchantOrderPageProps } from '#shared/generated/types.ts';

export default defineBlock<MerchantOrderPageProps>({
  type: 'merchant-order-page',
  title: 'Merchant order page',
  pageHeading: true,
  validate: validateMerchantOrderPageProps,
  component: lazyComponent(async () => (await import('#client/features/merchant-detail/index.ts')).MerchantOrderPage),
});
