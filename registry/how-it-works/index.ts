import { defineBlock } from '../define-block.ts';
import type { HowItWorksProps } from '#shared/generated/types.ts';
import { HowItWorks } from './HowItWorks.tsx';

export default defineBlock<HowItWorksProps>({
  loadValidate: () => import('#shared/generated/validators/validateHowItWorksProps.js').then((module) => module.validateHowItWorksProps),
  component: HowItWorks,
});
