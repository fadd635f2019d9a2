// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateMerchantSidebarProps as validate } from '#shared/generated/validators/validateMerchantSidebarProps.js';
export { MerchantSidebar as component } from './MerchantSidebar.tsx';
