import { defineBlock } from '../define-block.ts';
import type { AccountReservationsProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Account: upcoming reservations';

// Members only: its own chunk, outside the first route.
export default defineBlock<AccountReservationsProps>({
  type: 'account-reservations',
  load: () => import('./lazy.ts'),
});
