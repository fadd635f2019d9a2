import { defineBlock } from '../define-block.ts';
import type { AddCardFormProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Enrolment step 2 (add a card)';

export default defineBlock<AddCardFormProps>({
  type: 'add-card-form',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
