import { defineBlock } from '../define-block.ts';
import type { MerchantHeaderProps } from '#shared/generated/types.ts';

// The merchant detail widgets load in their own chunk (with the map), outside the first route.
export default defineBlock<MerchantHeaderProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
