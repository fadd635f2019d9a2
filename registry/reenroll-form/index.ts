import { defineBlock } from '../define-block.ts';
import type { ReenrollFormProps } from '#shared/generated/types.ts';

export default defineBlock<ReenrollFormProps>({
  load: () => import('./lazy.ts'),
});
