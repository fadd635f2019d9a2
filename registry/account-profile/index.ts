import { defineBlock } from '../define-block.ts';
import type { AccountProfileProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Account: profile';

// Members only: its own chunk, outside the first route.
export default defineBlock<AccountProfileProps>({
  type: 'account-profile',
  load: () => import('./lazy.ts'),
});
