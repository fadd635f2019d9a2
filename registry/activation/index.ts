import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateActivationProps } from '#shared/generated/validators.js';
import type { ActivationProps } from '#shared/generated/types.ts';

export default defineBlock<ActivationProps>({
  type: 'activation',
  title: 'Activation (tier 1)',
  pageHeading: true,
  validate: validateActivationProps,
  component: lazyComponent(async () => (await import('./Activation.tsx')).Activation),
});
