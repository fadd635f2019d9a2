// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateFixCredentialsFormProps as validate } from '#shared/generated/validators/validateFixCredentialsFormProps.js';
export { FixCredentialsForm as component } from '#client/features/enrolment/index.ts';
