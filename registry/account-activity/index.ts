import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateAccountActivityProps } from '#shared/generated/validators.js';
import type { AccountActivityProps } from '#shared/generated/types.ts';

// Members only: its own chunk, outside the first route.
export default defineBlock<AccountActivityProps>({
  type: 'account-activity',
  title: 'Account: reviews and history',
  validate: validateAccountActivityProps,
  component: lazyComponent(async () => (await import('#client/features/account/index.ts')).AccountActivity),
});
