import { defineBlock } from '../define-block.ts';
import type { RecoverUpdateProps } from '#shared/generated/types.ts';

export default defineBlock<RecoverUpdateProps>({
  type: 'recover-update',
  title: 'Recovery step 3 (new password)',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
