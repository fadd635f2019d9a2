// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateMerchantOrderPageProps as validate } from '#shared/generated/validators/validateMerchantOrderPageProps.js';
export { MerchantOrderPage as component } from '#client/features/merchant-detail/index.ts';
