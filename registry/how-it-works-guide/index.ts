import { defineBlock } from '../define-block.ts';
import type { HowItWorksGuideProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'How it works guide';

// The earn and legal pages load in their own chunk, outside the first route.
export default defineBlock<HowItWorksGuideProps>({
  type: 'how-it-works-guide',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
