import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateSearchFiltersProps } from '#shared/generated/validators.js';
import type { SearchFiltersProps } from '#shared/generated/types.ts';

// The search page's widgets load in their own chunk (Leaflet in a further one, only with a map).
export default defineBlock<SearchFiltersProps>({
  type: 'search-filters',
  title: 'Search filters',
  validate: validateSearchFiltersProps,
  component: lazyComponent(async () => (await import('#client/features/search/index.ts')).SearchFilters),
});
