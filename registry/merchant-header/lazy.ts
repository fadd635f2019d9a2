// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateMerchantHeaderProps as validate } from '#shared/generated/validators/validateMerchantHeaderProps.js';
export { MerchantHeader as component } from '#client/features/merchant-detail/index.ts';
