import { defineBlock } from '../define-block.ts';
import { validateCardAddedProps } from '#shared/generated/validators.js';
import type { CardAddedProps } from '#shared/generated/types.ts';
import { CardAdded } from './CardAdded.tsx';

export default defineBlock<CardAddedProps>({
  type: 'card-added',
  title: 'Enrolment step 3 (card added)',
  validate: validateCardAddedProps,
  component: CardAdded,
});
