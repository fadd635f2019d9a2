import { defineBlock } from '../define-block.ts';
import type { RecoverRequestProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Recovery step 1 (request a link)';

export default defineBlock<RecoverRequestProps>({
  type: 'recover-request',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
