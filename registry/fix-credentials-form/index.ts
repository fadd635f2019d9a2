import { defineBlock } from '../define-block.ts';
import type { FixCredentialsFormProps } from '#shared/generated/types.ts';

export default defineBlock<FixCredentialsFormProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
