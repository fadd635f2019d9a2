// Restaurant search (spec 001 §2 "Search page"): the page's widgets, one per registry block. Every
// search input lives in the URL; the blocks share one search query and a small UI store.
export { SearchForm } from './SearchForm.tsx';
export { SearchFilters } from './SearchFilters.tsx';
export { SearchResults } from './SearchResults.tsx';
export { SearchMapPanel } from './SearchMapPanel.tsx';
export { SearchSidebar } from './SearchSidebar.tsx';
export { parseSearchState, toSearchParams, searchQueryString, isCurrentLocationValue, type SearchState } from './search-state.ts';
export { searchPageQuery } from './api/search-merchants.ts';
