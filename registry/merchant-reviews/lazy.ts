// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateMerchantReviewsProps as validate } from '#shared/generated/validators/validateMerchantReviewsProps.js';
export { MerchantReviews as component } from '#client/features/merchant-detail/index.ts';
