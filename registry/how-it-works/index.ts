import { defineBlock } from '../define-block.ts';
import type { HowItWorksProps } from '#shared/generated/types.ts';
import { HowItWorks } from './HowItWorks.tsx';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'How it works';

export default defineBlock<HowItWorksProps>({
  type: 'how-it-works',
  loadValidate: () => import('#shared/generated/validators/validateHowItWorksProps.js').then((module) => module.validateHowItWorksProps),
  component: HowItWorks,
});
