import { defineBlock } from '../define-block.ts';
import type { SignInFormProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Sign-in form';

export default defineBlock<SignInFormProps>({
  type: 'sign-in-form',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
