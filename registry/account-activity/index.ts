import { defineBlock } from '../define-block.ts';
import type { AccountActivityProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Account: reviews and history';

// Members only: its own chunk, outside the first route.
export default defineBlock<AccountActivityProps>({
  type: 'account-activity',
  load: () => import('./lazy.ts'),
});
