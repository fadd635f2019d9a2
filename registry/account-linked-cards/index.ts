import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateAccountLinkedCardsProps } from '#shared/generated/validators.js';
import type { AccountLinkedCardsProps } from '#shared/generated/types.ts';

// Members only, with the card frame and captcha: its own chunk, outside the first route.
export default defineBlock<AccountLinkedCardsProps>({
  type: 'account-linked-cards',
  title: 'Account: linked cards',
  validate: validateAccountLinkedCardsProps,
  component: lazyComponent(async () => (await import('#client/features/account/index.ts')).LinkedCards),
});
