// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateMerchantOrderingProps as validate } from '#shared/generated/validators/validateMerchantOrderingProps.js';
export { MerchantOrdering as component } from '#client/features/merchant-detail/index.ts';
