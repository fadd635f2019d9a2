// The CMS content groups (the eleven of spec 000 §3, plus `legal` for the terms and privacy pages)
// and the rules the client applies to their entries.
import type { CmsPage, CmsPagesResponse } from './generated/types.ts';

export const CMS_CONTENT_NAMES = [
  '*',
  'home',
  'discover',
  'tier_1_activation',
  'surveys',
  'account_center',
  'announcement_banner',
  'earn_details',
  'earn_banner',
  'popup',
  'sidebar',
  // Not a spec group: the /terms and /privacy pages (entries terms, privacy), so legal text is
  // edited, previewed and versioned like every other content.
  'legal',
] as const;
export type CmsContentName = (typeof CMS_CONTENT_NAMES)[number];

/** Database group for a content name: `*` is the global group (footer, navbar, earn). */
export function cmsGroupOf(contentName: CmsContentName): string {
  return contentName === '*' ? 'global' : contentName;
}

export function isCmsContentName(value: string): value is CmsContentName {
  return (CMS_CONTENT_NAMES as readonly string[]).includes(value);
}

/** The entry of the home and discover groups that holds the page layout. */
export const LAYOUT_SLUG = 'page-layout';

/** Spec 000 §7: items lacking the field their group needs are dropped. */
const REQUIRED_FIELD: Partial<Record<CmsContentName, string>> = {
  earn_details: 'url',
  account_center: 'referral_link',
  announcement_banner: 'banner_copy',
  earn_banner: 'text',
  home: 'user_states',
  discover: 'user_states',
  legal: 'body',
};

export function usableEntries(contentName: CmsContentName, response: CmsPagesResponse): CmsPage[] {
  const required = REQUIRED_FIELD[contentName];
  if (!required) return response.data;
  return response.data.filter((page) => page.slug === LAYOUT_SLUG || (page.fields as Record<string, unknown>)[required] != null);
}

export type CmsContent = Readonly<Record<CmsContentName, CmsPagesResponse>>;

/** The global group's entry whose `copy` field overrides the partner's copy catalogue. */
export const COPY_SLUG = 'copy';

/** Copy overrides from the CMS (group *, entry `copy`), or an empty map. */
export function cmsCopyOverrides(content: Partial<CmsContent>): Readonly<Record<string, string>> {
  const entry = content['*']?.data.find((page) => page.slug === COPY_SLUG);
  const copy = (entry?.fields as { copy?: unknown } | undefined)?.copy;
  if (!copy || typeof copy !== 'object' || Array.isArray(copy)) return {};
  return Object.fromEntries(Object.entries(copy).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));
}

/** An earn_details entry's path segment: editors write `vip-upgrade`, `/vip-upgrade` or `/earn/vip-upgrade`. */
export function earnSlugOf(url: string): string {
  return url
    .trim()
    .replace(/^\/+/, '')
    .replace(/^earn\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}
