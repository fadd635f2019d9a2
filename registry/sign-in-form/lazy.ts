// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateSignInFormProps as validate } from '#shared/generated/validators/validateSignInFormProps.js';
export { SignInForm as component } from '#client/features/session/index.ts';
