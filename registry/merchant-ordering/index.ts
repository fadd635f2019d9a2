import { defineBlock } from '../define-block.ts';
import type { MerchantOrderingProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Merchant ordering';

export default defineBlock<MerchantOrderingProps>({
  type: 'merchant-ordering',
  load: () => import('./lazy.ts'),
});
