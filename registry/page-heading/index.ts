import { defineBlock } from '../define-block.ts';
import type { PageHeadingProps } from '#shared/generated/types.ts';
import { PageHeading } from './PageHeading.tsx';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Page heading';

export default defineBlock<PageHeadingProps>({
  type: 'page-heading',
  pageHeading: true,
  loadValidate: () => import('#shared/generated/validators/validatePageHeadingProps.js').then((module) => module.validatePageHeadingProps),
  component: PageHeading,
});
