import { defineBlock } from '../define-block.ts';
import { validateCmsBannerProps } from '#shared/generated/validators/validateCmsBannerProps.js';
import type { CmsBannerProps } from '#shared/generated/types.ts';
import { CmsBanner } from './CmsBanner.tsx';

export default defineBlock<CmsBannerProps>({
  type: 'cms-banner',
  title: 'CMS banner',
  validate: validateCmsBannerProps,
  component: CmsBanner,
});
