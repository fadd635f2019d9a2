import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateAccountProfileProps } from '#shared/generated/validators.js';
import type { AccountProfileProps } from '#shared/generated/types.ts';

// Members only: its own chunk, outside the first route.
export default defineBlock<AccountProfileProps>({
  type: 'account-profile',
  title: 'Account: profile',
  validate: validateAccountProfileProps,
  component: lazyComponent(async () => (await import('#client/features/account/index.ts')).AccountProfile),
});
