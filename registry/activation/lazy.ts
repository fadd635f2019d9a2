// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateActivationProps as validate } from '#shared/generated/validators/validateActivationProps.js';
export { Activation as component } from '#client/features/enrolment/index.ts';
