import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateMerchantMenuProps } from '#shared/generated/validators.js';
import type { MerchantMenuProps } from '#shared/generated/types.ts';

// The merchant detail widgets load in their own chunk (with the map), outside the first route.
export default defineBlock<MerchantMenuProps>({
  type: 'merchant-menu',
  title: 'Merchant menu',
  validate: validateMerchantMenuProps,
  component: lazyComponent(async () => (await import('#client/features/merchant-detail/index.ts')).MerchantMenu),
});
