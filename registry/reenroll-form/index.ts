import { defineBlock } from '../define-block.ts';
import type { ReenrollFormProps } from '#shared/generated/types.ts';

export default defineBlock<ReenrollFormProps>({
  type: 'reenroll-form',
  load: () => import('./lazy.ts'),
});
