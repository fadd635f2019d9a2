// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateSearchFiltersProps as validate } from '#shared/generated/validators/validateSearchFiltersProps.js';
export { SearchFilters as component } from '#client/features/search/index.ts';
