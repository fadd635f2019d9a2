// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateSearchSidebarProps as validate } from '#shared/generated/validators/validateSearchSidebarProps.js';
export { SearchSidebar as component } from '#client/features/search/index.ts';
