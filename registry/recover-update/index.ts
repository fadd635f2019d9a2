import { defineBlock } from '../define-block.ts';
import type { RecoverUpdateProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Recovery step 3 (new password)';

export default defineBlock<RecoverUpdateProps>({
  type: 'recover-update',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
