import { defineBlock } from '../define-block.ts';
import type { RecoverConfirmProps } from '#shared/generated/types.ts';

export default defineBlock<RecoverConfirmProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
