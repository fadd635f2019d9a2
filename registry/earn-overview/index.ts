import { defineBlock } from '../define-block.ts';
import type { EarnOverviewProps } from '#shared/generated/types.ts';

// The earn and legal pages load in their own chunk, outside the first route.
export default defineBlock<EarnOverviewProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
