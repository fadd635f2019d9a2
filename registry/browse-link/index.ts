import { defineBlock } from '../define-block.ts';
import type { BrowseLinkProps } from '#shared/generated/types.ts';
import { BrowseLink } from './BrowseLink.tsx';

/** The block's name in the page editor (read from this file's text; not shipped to member pages). */
export const title = 'Browse link';

export default defineBlock<BrowseLinkProps>({
  type: 'browse-link',
  loadValidate: () => import('#shared/generated/validators/validateBrowseLinkProps.js').then((module) => module.validateBrowseLinkProps),
  component: BrowseLink,
});
