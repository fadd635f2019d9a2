import { defineBlock } from '../define-block.ts';
import type { AccountLinkedCardsProps } from '#shared/generated/types.ts';

// Members only, with the card frame and captcha: its own chunk, outside the first route.
export default defineBlock<AccountLinkedCardsProps>({
  load: () => import('./lazy.ts'),
});
