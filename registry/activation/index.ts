import { defineBlock } from '../define-block.ts';
import type { ActivationProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Activation (tier 1)';

export default defineBlock<ActivationProps>({
  type: 'activation',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
