// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateAddCardFormProps as validate } from '#shared/generated/validators/validateAddCardFormProps.js';
export { AddCardForm as component } from '#client/features/cards/index.ts';
