import { defineBlock } from '../define-block.ts';
import { validateActivationProps } from '#shared/generated/validators.js';
import type { ActivationProps } from '#shared/generated/types.ts';
import { Activation } from './Activation.tsx';

export default defineBlock<ActivationProps>({
  type: 'activation',
  title: 'Activation (tier 1)',
  validate: validateActivationProps,
  component: Activation,
});
