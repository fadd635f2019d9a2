import { defineBlock } from '../define-block.ts';
import type { RecoverRequestProps } from '#shared/generated/types.ts';

export default defineBlock<RecoverRequestProps>({
  type: 'recover-request',
  title: 'Recovery step 1 (request a link)',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
