// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateRecoverRequestProps as validate } from '#shared/generated/validators/validateRecoverRequestProps.js';
export { RecoverRequest as component } from '#client/features/session/index.ts';
