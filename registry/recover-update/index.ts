import { defineBlock } from '../define-block.ts';
import type { RecoverUpdateProps } from '#shared/generated/types.ts';

export default defineBlock<RecoverUpdateProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
