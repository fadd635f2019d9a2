// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateCardAddedProps as validate } from '#shared/generated/validators/validateCardAddedProps.js';
export { CardAdded as component } from '#client/features/cards/index.ts';
