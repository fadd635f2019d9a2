import { defineBlock } from '../define-block.ts';
import { validateBrowseLinkProps } from '#shared/generated/validators/validateBrowseLinkProps.js';
import type { BrowseLinkProps } from '#shared/generated/types.ts';
import { BrowseLink } from './BrowseLink.tsx';

export default defineBlock<BrowseLinkProps>({
  type: 'browse-link',
  title: 'Browse link',
  validate: validateBrowseLinkProps,
  component: BrowseLink,
});
