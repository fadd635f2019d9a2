// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateAccountProfileProps as validate } from '#shared/generated/validators/validateAccountProfileProps.js';
export { AccountProfile as component } from '#client/features/account/index.ts';
