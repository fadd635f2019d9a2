import { defineBlock } from '../define-block.ts';
import type { RecoverRequestProps } from '#shared/generated/types.ts';

export default defineBlock<RecoverRequestProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
