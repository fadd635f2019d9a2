import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateCmsPageProps } from '#shared/generated/validators.js';
import type { CmsPageProps } from '#shared/generated/types.ts';

// Legal pages load in the earn pages' chunk, outside the first route.
export default defineBlock<CmsPageProps>({
  type: 'cms-page',
  title: 'CMS page (legal)',
  validate: validateCmsPageProps,
  pageHeading: true,
  component: lazyComponent(async () => (await import('#client/features/earn/index.ts')).LegalPage),
});
