import { defineBlock } from '../define-block.ts';
import type { SignInFormProps } from '#shared/generated/types.ts';

export default defineBlock<SignInFormProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
