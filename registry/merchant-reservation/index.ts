import { defineBlock } from '../define-block.ts';
import type { MerchantReservationProps } from '#shared/generated/types.ts';

export default defineBlock<MerchantReservationProps>({
  type: 'merchant-reservation',
  load: () => import('./lazy.ts'),
});
