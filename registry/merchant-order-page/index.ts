import { defineBlock } from '../define-block.ts';
import type { MerchantOrderPageProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Merchant order page';

export default defineBlock<MerchantOrderPageProps>({
  type: 'merchant-order-page',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
