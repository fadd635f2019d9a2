import { defineBlock } from '../define-block.ts';
import type { ReenrollFormProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Re-enrolment (closed account)';

export default defineBlock<ReenrollFormProps>({
  type: 'reenroll-form',
  load: () => import('./lazy.ts'),
});
