import { defineBlock } from '../define-block.ts';
import type { ActivationProps } from '#shared/generated/types.ts';

export default defineBlock<ActivationProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
