// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateHowItWorksGuideProps as validate } from '#shared/generated/validators/validateHowItWorksGuideProps.js';
export { HowItWorksGuide as component } from '#client/features/earn/index.ts';
