import { defineBlock } from '../define-block.ts';
import type { MerchantReservationProps } from '#shared/generated/types.ts';

export default defineBlock<MerchantReservationProps>({
  load: () => import('./lazy.ts'),
});
