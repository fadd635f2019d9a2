// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateMerchantReservationProps as validate } from '#shared/generated/validators/validateMerchantReservationProps.js';
export { MerchantReservation as component } from '#client/features/merchant-detail/index.ts';
