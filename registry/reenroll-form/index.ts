import { defineBlock } from '../define-block.ts';
import { validateReenrollFormProps } from '#shared/generated/validators.js';
import type { ReenrollFormProps } from '#shared/generated/types.ts';
import { ReenrollForm } from './ReenrollForm.tsx';

export default defineBlock<ReenrollFormProps>({
  type: 'reenroll-form',
  title: 'Re-enrolment (closed account)',
  validate: validateReenrollFormProps,
  component: ReenrollForm,
});
