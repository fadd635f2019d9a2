// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateRecoverUpdateProps as validate } from '#shared/generated/validators/validateRecoverUpdateProps.js';
export { RecoverUpdate as component } from '#client/features/session/index.ts';
