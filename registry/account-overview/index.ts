import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateAccountOverviewProps } from '#shared/generated/validators.js';
import type { AccountOverviewProps } from '#shared/generated/types.ts';

// Members only: its own chunk, outside the first route.
export default defineBlock<AccountOverviewProps>({
  type: 'account-overview',
  title: 'Account: overview',
  validate: validateAccountOverviewProps,
  component: lazyComponent(async () => (await import('#client/features/account/index.ts')).AccountOverview),
});
