import { defineBlock } from '../define-block.ts';
import type { RecoverSuccessProps } from '#shared/generated/types.ts';

export default defineBlock<RecoverSuccessProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
