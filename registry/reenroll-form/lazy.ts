// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateReenrollFormProps as validate } from '#shared/generated/validators/validateReenrollFormProps.js';
export { ReenrollForm as component } from '#client/features/enrolment/index.ts';
