import { defineBlock } from '../define-block.ts';
import { validateCmsBannerProps } from '#shared/generated/validators/validateCmsBannerProps.js';
import type { CmsBannerProps } from '#shared/generated/types.ts';
import { CmsBanner } from './CmsBanner.tsx';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'CMS banner';

export default defineBlock<CmsBannerProps>({
  type: 'cms-banner',
  validate: validateCmsBannerProps,
  component: CmsBanner,
});
