import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateSearchSidebarProps } from '#shared/generated/validators.js';
import type { SearchSidebarProps } from '#shared/generated/types.ts';

// The search page's widgets load in their own chunk (Leaflet in a further one, only with a map).
export default defineBlock<SearchSidebarProps>({
  type: 'search-sidebar',
  title: 'Search sidebar text',
  validate: validateSearchSidebarProps,
  component: lazyComponent(async () => (await import('#client/features/search/index.ts')).SearchSidebar),
});
