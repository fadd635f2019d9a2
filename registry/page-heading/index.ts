import { defineBlock } from '../define-block.ts';
import { validatePageHeadingProps } from '#shared/generated/validators/validatePageHeadingProps.js';
import type { PageHeadingProps } from '#shared/generated/types.ts';
import { PageHeading } from './PageHeading.tsx';

export default defineBlock<PageHeadingProps>({
  type: 'page-heading',
  title: 'Page heading',
  pageHeading: true,
  validate: validatePageHeadingProps,
  component: PageHeading,
});
