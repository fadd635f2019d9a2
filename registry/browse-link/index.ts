import { defineBlock } from '../define-block.ts';
import type { BrowseLinkProps } from '#shared/generated/types.ts';
import { BrowseLink } from './BrowseLink.tsx';

export default defineBlock<BrowseLinkProps>({
  loadValidate: () => import('#shared/generated/validators/validateBrowseLinkProps.js').then((module) => module.validateBrowseLinkProps),
  component: BrowseLink,
});
