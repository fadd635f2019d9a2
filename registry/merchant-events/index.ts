import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateMerchantEventsProps } from '#shared/generated/validators.js';
import type { MerchantEventsProps } from '#shared/generated/types.ts';

// The merchant detail widgets load in their own chunk (with the map), outside the first route.
export default defineBlock<MerchantEventsProps>({
  type: 'merchant-events',
  title: 'Merchant events',
  validate: validateMerchantEventsProps,
  component: lazyComponent(async () => (await import('#client/features/merchant-detail/index.ts')).MerchantEvents),
});
