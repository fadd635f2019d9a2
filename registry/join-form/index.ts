import { defineBlock } from '../define-block.ts';
import type { JoinFormProps } from '#shared/generated/types.ts';

export default defineBlock<JoinFormProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
