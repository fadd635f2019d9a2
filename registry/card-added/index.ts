import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateCardAddedProps } from '#shared/generated/validators.js';
import type { CardAddedProps } from '#shared/generated/types.ts';

export default defineBlock<CardAddedProps>({
  type: 'card-added',
  title: 'Enrolment step 3 (card added)',
  pageHeading: true,
  validate: validateCardAddedProps,
  component: lazyComponent(async () => (await import('./CardAdded.tsx')).CardAdded),
});
