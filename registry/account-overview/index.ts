import { defineBlock } from '../define-block.ts';
import type { AccountOverviewProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Account: overview';

// Members only: its own chunk, outside the first route.
export default defineBlock<AccountOverviewProps>({
  type: 'account-overview',
  load: () => import('./lazy.ts'),
});
