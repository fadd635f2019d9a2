import { defineBlock } from '../define-block.ts';
import { validateAddCardFormProps } from '#shared/generated/validators.js';
import type { AddCardFormProps } from '#shared/generated/types.ts';
import { AddCardForm } from './AddCardForm.tsx';

export default defineBlock<AddCardFormProps>({
  type: 'add-card-form',
  title: 'Enrolment step 2 (add a card)',
  validate: validateAddCardFormProps,
  component: AddCardForm,
});
