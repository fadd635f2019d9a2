import { defineBlock } from '../define-block.ts';
import type { AccountLinkedCardsProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Account: linked cards';

// Members only, with the card frame and captcha: its own chunk, outside the first route.
export default defineBlock<AccountLinkedCardsProps>({
  type: 'account-linked-cards',
  load: () => import('./lazy.ts'),
});
