import { defineBlock } from '../define-block.ts';
import type { SearchSidebarProps } from '#shared/generated/types.ts';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Search sidebar text';

// The search page's widgets load in their own chunk (Leaflet in a further one, only with a map).
export default defineBlock<SearchSidebarProps>({
  type: 'search-sidebar',
  load: () => import('./lazy.ts'),
});
