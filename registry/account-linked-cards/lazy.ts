// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateAccountLinkedCardsProps as validate } from '#shared/generated/validators/validateAccountLinkedCardsProps.js';
export { LinkedCards as component } from '#client/features/account/index.ts';
