import { defineBlock } from '../define-block.ts';
import type { CmsBannerProps } from '#shared/generated/types.ts';
import { CmsBanner } from './CmsBanner.tsx';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'CMS banner';

export default defineBlock<CmsBannerProps>({
  type: 'cms-banner',
  loadValidate: () => import('#shared/generated/validators/validateCmsBannerProps.js').then((module) => module.validateCmsBannerProps),
  component: CmsBanner,
});
