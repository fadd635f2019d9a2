import { defineBlock } from '../define-block.ts';
import type { CardAddedProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Enrolment step 3 (card added)';

export default defineBlock<CardAddedProps>({
  type: 'card-added',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
