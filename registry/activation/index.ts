import { defineBlock } from '../define-block.ts';
import type { ActivationProps } from '#shared/generated/types.ts';

export default defineBlock<ActivationProps>({
  type: 'activation',
  title: 'Activation (tier 1)',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
