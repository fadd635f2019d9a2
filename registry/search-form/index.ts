import { defineBlock, lazyComponent } from '../define-block.ts';
import { validateSearchFormProps } from '#shared/generated/validators.js';
import type { SearchFormProps } from '#shared/generated/types.ts';

// The search page's widgets load in their own chunk (Leaflet in a further one, only with a map).
export default defineBlock<SearchFormProps>({
  type: 'search-form',
  title: 'Search form',
  validate: validateSearchFormProps,
  component: lazyComponent(async () => (await import('#client/features/search/index.ts')).SearchForm),
});
