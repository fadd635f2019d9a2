import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateMerchantOrderingProps } from '#shared/generated/validators.js';
import type { MerchantOrderingProps } from '#shared/generated/types.ts';

export default defineBlock<MerchantOrderingProps>({
  type: 'merchant-ordering',
  title: 'Merchant ordering',
  validate: validateMerchantOrderingProps,
  component: lazyComponent(async () => (await import('#client/features/merchant-detail/index.ts')).MerchantOrdering),
});
