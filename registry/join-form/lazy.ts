// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateJoinFormProps as validate } from '#shared/generated/validators/validateJoinFormProps.js';
export { JoinForm as component } from '#client/features/enrolment/index.ts';
