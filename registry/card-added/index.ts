import { defineBlock } from '../define-block.ts';
import type { CardAddedProps } from '#shared/generated/types.ts';

export default defineBlock<CardAddedProps>({
  type: 'card-added',
  title: 'Enrolment step 3 (card added)',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
