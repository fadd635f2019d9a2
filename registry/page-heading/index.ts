import { defineBlock } from '../define-block.ts';
import type { PageHeadingProps } from '#shared/generated/types.ts';
import { PageHeading } from './PageHeading.tsx';

export default defineBlock<PageHeadingProps>({
  pageHeading: true,
  loadValidate: () => import('#shared/generated/validators/validatePageHeadingProps.js').then((module) => module.validatePageHeadingProps),
  component: PageHeading,
});
