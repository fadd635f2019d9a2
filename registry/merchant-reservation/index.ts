import { defineBlock } from '../define-block.ts';
import type { MerchantReservationProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Merchant reservation';

export default defineBlock<MerchantReservationProps>({
  type: 'merchant-reservation',
  load: () => import('./lazy.ts'),
});
