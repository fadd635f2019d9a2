import { defineBlock } from '../define-block.ts';
import { validateHowItWorksProps } from '#shared/generated/validators/validateHowItWorksProps.js';
import type { HowItWorksProps } from '#shared/generated/types.ts';
import { HowItWorks } from './HowItWorks.tsx';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'How it works';

export default defineBlock<HowItWorksProps>({
  type: 'how-it-works',
  validate: validateHowItWorksProps,
  component: HowItWorks,
});
