import { defineBlock } from '../define-block.ts';
import type { MerchantOrderingProps } from '#shared/generated/types.ts';

export default defineBlock<MerchantOrderingProps>({
  load: () => import('./lazy.ts'),
});
