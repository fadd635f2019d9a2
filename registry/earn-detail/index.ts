import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateEarnDetailProps } from '#shared/generated/validators.js';
import type { EarnDetailProps } from '#shared/generated/types.ts';

// The earn and legal pages load in their own chunk, outside the first route.
export default defineBlock<EarnDetailProps>({
  type: 'earn-detail',
  title: 'Earn detail page',
  validate: validateEarnDetailProps,
  pageHeading: true,
  component: lazyComponent(async () => (await import('#client/features/earn/index.ts')).EarnDetail),
});
