import { defineBlock } from '../define-block.ts';
import type { SignInFormProps } from '#shared/generated/types.ts';

export default defineBlock<SignInFormProps>({
  type: 'sign-in-form',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
