import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateFixCredentialsFormProps } from '#shared/generated/validators.js';
import type { FixCredentialsFormProps } from '#shared/generated/types.ts';

export default defineBlock<FixCredentialsFormProps>({
  type: 'fix-credentials-form',
  title: 'Email update required',
  pageHeading: true,
  validate: validateFixCredentialsFormProps,
  component: lazyComponent(async () => (await import('./FixCredentialsForm.tsx')).FixCredentialsForm),
});
