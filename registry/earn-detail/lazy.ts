// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateEarnDetailProps as validate } from '#shared/generated/validators/validateEarnDetailProps.js';
export { EarnDetail as component } from '#client/features/earn/index.ts';
