import { defineBlock } from '../define-block.ts';
import { validateSignInFormProps } from '#shared/generated/validators.js';
import type { SignInFormProps } from '#shared/generated/types.ts';
import { SignInForm } from './SignInForm.tsx';

export default defineBlock<SignInFormProps>({
  type: 'sign-in-form',
  title: 'Sign-in form',
  validate: validateSignInFormProps,
  component: SignInForm,
});
