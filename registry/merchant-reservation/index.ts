import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateMerchantReservationProps } from '#shared/generated/validators.js';
import type { MerchantReservationProps } from '#shared/generated/types.ts';

export default defineBlock<MerchantReservationProps>({
  type: 'merchant-reservation',
  title: 'Merchant reservation',
  validate: validateMerchantReservationProps,
  component: lazyComponent(async () => (await import('#client/features/merchant-detail/index.ts')).MerchantReservation),
});
