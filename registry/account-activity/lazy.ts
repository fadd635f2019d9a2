// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateAccountActivityProps as validate } from '#shared/generated/validators/validateAccountActivityProps.js';
export { AccountActivity as component } from '#client/features/account/index.ts';
