import { defineBlock } from '../define-block.ts';
import type { AccountReservationsProps } from '#shared/generated/types.ts';

// Members only: its own chunk, outside the first route.
export default defineBlock<AccountReservationsProps>({
  load: () => import('./lazy.ts'),
});
