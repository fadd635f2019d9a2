import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateAddCardFormProps } from '#shared/generated/validators.js';
import type { AddCardFormProps } from '#shared/generated/types.ts';

export default defineBlock<AddCardFormProps>({
  type: 'add-card-form',
  title: 'Enrolment step 2 (add a card)',
  pageHeading: true,
  validate: validateAddCardFormProps,
  component: lazyComponent(async () => (await import('./AddCardForm.tsx')).AddCardForm),
});
