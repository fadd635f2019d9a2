import { defineBlock } from '../define-block.ts';
import type { RecoverConfirmProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Recovery step 2 (check your email)';

export default defineBlock<RecoverConfirmProps>({
  type: 'recover-confirm',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
