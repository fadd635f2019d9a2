import { defineBlock } from '../define-block.ts';
import type { RecoverSuccessProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Recovery step 4 (done)';

export default defineBlock<RecoverSuccessProps>({
  type: 'recover-success',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
