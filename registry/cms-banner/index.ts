import { defineBlock } from '../define-block.ts';
import type { CmsBannerProps } from '#shared/generated/types.ts';
import { CmsBanner } from './CmsBanner.tsx';

export default defineBlock<CmsBannerProps>({
  loadValidate: () => import('#shared/generated/validators/validateCmsBannerProps.js').then((module) => module.validateCmsBannerProps),
  component: CmsBanner,
});
