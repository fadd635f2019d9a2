import { defineBlock } from '../define-block.ts';
import type { EarnOverviewProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Ways to earn';

// The earn and legal pages load in their own chunk, outside the first route.
export default defineBlock<EarnOverviewProps>({
  type: 'earn-overview',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
