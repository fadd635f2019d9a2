// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateRecoverConfirmProps as validate } from '#shared/generated/validators/validateRecoverConfirmProps.js';
export { RecoverConfirm as component } from '#client/features/session/index.ts';
