import { defineBlock } from '../define-block.ts';
import { validateHowItWorksProps } from '#shared/generated/validators/validateHowItWorksProps.js';
import type { HowItWorksProps } from '#shared/generated/types.ts';
import { HowItWorks } from './HowItWorks.tsx';

export default defineBlock<HowItWorksProps>({
  type: 'how-it-works',
  title: 'How it works',
  validate: validateHowItWorksProps,
  component: HowItWorks,
});
