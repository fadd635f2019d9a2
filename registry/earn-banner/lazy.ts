// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateEarnBannerProps as validate } from '#shared/generated/validators/validateEarnBannerProps.js';
export { EarnBanner as component } from './EarnBanner.tsx';
