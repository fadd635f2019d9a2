// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateAccountOverviewProps as validate } from '#shared/generated/validators/validateAccountOverviewProps.js';
export { AccountOverview as component } from '#client/features/account/index.ts';
