import { defineBlock } from '../define-block.ts';
import type { MerchantOrderPageProps } from '#shared/generated/types.ts';

export default defineBlock<MerchantOrderPageProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
