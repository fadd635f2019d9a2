import { defineBlock } from '../define-block.ts';
import type { JoinFormProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Enrolment step 1 (your information)';

export default defineBlock<JoinFormProps>({
  type: 'join-form',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
