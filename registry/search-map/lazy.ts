// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateSearchMapProps as validate } from '#shared/generated/validators/validateSearchMapProps.js';
export { SearchMapPanel as component } from '#client/features/search/index.ts';
