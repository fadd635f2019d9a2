import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateSearchMapProps } from '#shared/generated/validators.js';
import type { SearchMapProps } from '#shared/generated/types.ts';

// The search page's widgets load in their own chunk (Leaflet in a further one, only with a map).
export default defineBlock<SearchMapProps>({
  type: 'search-map',
  title: 'Search map',
  validate: validateSearchMapProps,
  component: lazyComponent(async () => (await import('#client/features/search/index.ts')).SearchMapPanel),
});
