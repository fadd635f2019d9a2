// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateMerchantEventsProps as validate } from '#shared/generated/validators/validateMerchantEventsProps.js';
export { MerchantEvents as component } from '#client/features/merchant-detail/index.ts';
