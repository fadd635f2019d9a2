import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateSearchResultsProps } from '#shared/generated/validators.js';
import type { SearchResultsProps } from '#shared/generated/types.ts';

// The search page's widgets load in their own chunk (Leaflet in a further one, only with a map).
export default defineBlock<SearchResultsProps>({
  type: 'search-results',
  title: 'Search results',
  validate: validateSearchResultsProps,
  component: lazyComponent(async () => (await import('#client/features/search/index.ts')).SearchResults),
});
