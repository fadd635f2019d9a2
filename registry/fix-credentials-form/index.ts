import { defineBlock } from '../define-block.ts';
import { validateFixCredentialsFormProps } from '#shared/generated/validators.js';
import type { FixCredentialsFormProps } from '#shared/generated/types.ts';
import { FixCredentialsForm } from './FixCredentialsForm.tsx';

export default defineBlock<FixCredentialsFormProps>({
  type: 'fix-credentials-form',
  title: 'Email update required',
  validate: validateFixCredentialsFormProps,
  component: FixCredentialsForm,
});
