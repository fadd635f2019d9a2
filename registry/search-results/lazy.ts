// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateSearchResultsProps as validate } from '#shared/generated/validators/validateSearchResultsProps.js';
export { SearchResults as component } from '#client/features/search/index.ts';
