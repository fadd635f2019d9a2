import { defineBlock } from '../define-block.ts';
import type { CmsPageProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'CMS page (legal)';

// Legal pages load in the earn pages' chunk, outside the first route.
export default defineBlock<CmsPageProps>({
  type: 'cms-page',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
