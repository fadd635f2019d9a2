// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateMerchantOffersProps as validate } from '#shared/generated/validators/validateMerchantOffersProps.js';
export { MerchantOffers as component } from '#client/features/merchant-detail/index.ts';
