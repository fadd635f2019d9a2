import { defineBlock } from '../define-block.ts';
import type { AddCardFormProps } from '#shared/generated/types.ts';

export default defineBlock<AddCardFormProps>({
  type: 'add-card-form',
  title: 'Enrolment step 2 (add a card)',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
