// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateSearchFormProps as validate } from '#shared/generated/validators/validateSearchFormProps.js';
export { SearchForm as component } from '#client/features/search/index.ts';
