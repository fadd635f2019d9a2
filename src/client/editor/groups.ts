// CMS groups as the editor shows them: a URL segment (`*` is `global`), a copy key for the name.
import { CMS_CONTENT_NAMES, isCmsContentName, LAYOUT_SLUG, type CmsContentName } from '#shared/cms.ts';

export const GROUPS = CMS_CONTENT_NAMES;

/** Groups whose `page-layout` entry is a page the visual editor opens. */
export const LAYOUT_GROUPS: readonly CmsContentName[] = ['home', 'discover'];

export const isLayoutEntry = (group: CmsContentName, slug: string) => LAYOUT_GROUPS.includes(group) && slug === LAYOUT_SLUG;

export const groupSegment = (group: CmsContentName) => (group === '*' ? 'global' : group);

export function groupFromSegment(segment: string | undefined): CmsContentName | null {
  if (segment === 'global') return '*';
  return segment && segment !== '*' && isCmsContentName(segment) ? segment : null;
}

/** Copy key of a group's name: editor.group.<camelCase>. */
export const groupCopyKey = (group: CmsContentName) =>
  `editor.group.${groupSegment(group).replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}`;

export const entryPath = (group: CmsContentName, slug: string) => `/editor/content/${groupSegment(group)}/${encodeURIComponent(slug)}`;
export const groupPath = (group: CmsContentName) => `/editor/content/${groupSegment(group)}`;

/** The member pages that show a layout group: `/` for the partner's home page, /discover for discover. */
export function pagesOf(group: CmsContentName, homePage: 'home' | 'discover'): string[] {
  if (group === 'discover') return homePage === 'discover' ? ['/', '/discover'] : ['/discover'];
  if (group === 'home') return homePage === 'home' ? ['/'] : [];
  return [];
}

/**
 * A layout page by what members see: "Home (/)" for the layout at the site's `/`, "Discover
 * (/discover)", or, for a layout no member ever sees, its group's name marked so. `seen` says which.
 */
export function pageName(
  group: CmsContentName,
  partner: { homePage: 'home' | 'discover'; flags: Record<string, boolean> },
  t: (key: string, vars?: Record<string, string>) => string,
): { name: string; seen: boolean } {
  const hidden = group === 'discover' && !partner.flags.hasDiscoverPage;
  const pages = hidden ? [] : pagesOf(group, partner.homePage);
  if (pages.includes('/')) return { name: t('editor.page.home'), seen: true };
  const path = pages[0];
  const groupName = t(groupCopyKey(group));
  return path
    ? { name: t('editor.page.at', { name: groupName, path }), seen: true }
    : { name: t('editor.page.unseen', { name: groupName }), seen: false };
}
