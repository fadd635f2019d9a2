import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateHowItWorksGuideProps } from '#shared/generated/validators.js';
import type { HowItWorksGuideProps } from '#shared/generated/types.ts';

// The earn and legal pages load in their own chunk, outside the first route.
export default defineBlock<HowItWorksGuideProps>({
  type: 'how-it-works-guide',
  title: 'How it works guide',
  validate: validateHowItWorksGuideProps,
  pageHeading: true,
  component: lazyComponent(async () => (await import('#client/features/earn/index.ts')).HowItWorksGuide),
});
