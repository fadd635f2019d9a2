import { defineBlock } from '../define-block.ts';
import type { CmsPageProps } from '#shared/generated/types.ts';

// Legal pages load in the earn pages' chunk, outside the first route.
export default defineBlock<CmsPageProps>({
  type: 'cms-page',
  title: 'CMS page (legal)',
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
