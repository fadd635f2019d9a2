import { defineBlock } from '../define-block.ts';
import type { EarnDetailProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Earn detail page';

// The earn and legal pages load in their own chunk, outside the first route.
export default defineBlock<EarnDetailProps>({
  type: 'earn-detail',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
