import { defineBlock } from '../define-block.ts';
import type { CmsPageProps } from '#shared/generated/types.ts';

// Legal pages load in the earn pages' chunk, outside the first route.
export default defineBlock<CmsPageProps>({
  pageHeading: true,
  load: () => import('./lazy.ts'),
});
