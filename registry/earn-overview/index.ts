import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateEarnOverviewProps } from '#shared/generated/validators.js';
import type { EarnOverviewProps } from '#shared/generated/types.ts';

// The earn and legal pages load in their own chunk, outside the first route.
export default defineBlock<EarnOverviewProps>({
  type: 'earn-overview',
  title: 'Ways to earn',
  validate: validateEarnOverviewProps,
  pageHeading: true,
  component: lazyComponent(async () => (await import('#client/features/earn/index.ts')).EarnOverview),
});
