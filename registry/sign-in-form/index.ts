import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateSignInFormProps } from '#shared/generated/validators.js';
import type { SignInFormProps } from '#shared/generated/types.ts';

export default defineBlock<SignInFormProps>({
  type: 'sign-in-form',
  title: 'Sign-in form',
  pageHeading: true,
  validate: validateSignInFormProps,
  component: lazyComponent(async () => (await import('./SignInForm.tsx')).SignInForm),
});
