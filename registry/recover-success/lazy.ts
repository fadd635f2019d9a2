// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateRecoverSuccessProps as validate } from '#shared/generated/validators/validateRecoverSuccessProps.js';
export { RecoverSuccess as component } from '#client/features/session/index.ts';
