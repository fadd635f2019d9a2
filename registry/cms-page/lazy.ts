// Loaded on demand with the block (registry/define-block.ts, `load`): its props validator and component.
export { validateCmsPageProps as validate } from '#shared/generated/validators/validateCmsPageProps.js';
export { LegalPage as component } from '#client/features/earn/index.ts';
