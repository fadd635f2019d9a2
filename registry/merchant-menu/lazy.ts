// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateMerchantMenuProps as validate } from '#shared/generated/validators/validateMerchantMenuProps.js';
export { MerchantMenu as component } from '#client/features/merchant-detail/index.ts';
