// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateEarnOverviewProps as validate } from '#shared/generated/validators/validateEarnOverviewProps.js';
export { EarnOverview as component } from '#client/features/earn/index.ts';
