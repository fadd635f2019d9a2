import { defineBlock } from '../define-block.ts';
import type { MerchantReservationProps } from '#shared/generated/types.ts';

export default defineBlock<MerchantReservationProps>({
  type: 'merchant-reservation',
  title: 'Merchant reservation',
  load: () => import('./lazy.ts'),
});
