import { defineBlock } from '../define-block.ts';
import { validateJoinFormProps } from '#shared/generated/validators.js';
import type { JoinFormProps } from '#shared/generated/types.ts';
import { JoinForm } from './JoinForm.tsx';

export default defineBlock<JoinFormProps>({
  type: 'join-form',
  title: 'Enrolment step 1 (your information)',
  validate: validateJoinFormProps,
  component: JoinForm,
});
