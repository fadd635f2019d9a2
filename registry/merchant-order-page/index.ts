import { defineBlock } from '../define-block.ts';
import type { MerchantOrderPageProps } from '#shared/generated/types.ts';

export default defineBlock<MerchantOrderPageProps>({
  type: 'merchant-order-page',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
