import { defineBlock } from '../define-block.ts';
import type { EarnBannerProps } from '#shared/generated/types.ts';

// With the earn pages' other widgets, outside the first route.
export default defineBlock<EarnBannerProps>({
  load: () => import('./lazy.ts'),
});
