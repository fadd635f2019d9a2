// What the server hands the client at load (inlined into index.html, or GET /api/bootstrap):
// the partner, every CMS group and the signed-in member, so none of them costs a round trip.
import { LAYOUT_SLUG, type CmsContentName } from './cms.ts';
import type { CmsPagesResponse, Member } from './generated/types.ts';
import type { PartnerBundle } from './partner.ts';

export interface Bootstrap {
  partner: PartnerBundle;
  /** Every group the server could load; the client fetches any missing one itself. */
  cms: Partial<Record<CmsContentName, CmsPagesResponse>>;
  /** Drafts are shown (partner cmsPreview, or a signed-in editor asked for ?preview=1). */
  preview: boolean;
  /** The second origin serving the card frame, captcha, survey and sso providers. */
  providersOrigin: string;
  production: boolean;
  /**
   * The signed-in member (what GET /api/Member answers) or null for a visitor nobody signed in as;
   * absent when the server could not tell (database away): the client then asks GET /api/Member.
   */
  member?: Member | null;
  /**
   * The layouts here that passed the server's page check (layout schema and every placed block's
   * props), by `checkedLayoutKey`: the client renders these without loading its validators.
   */
  checkedLayouts?: string[];
}

/** Names of the bootstrap's layouts in `checkedLayouts`: a partner page, or a CMS group's page layout. */
export const checkedLayoutKey = {
  page: (name: string) => `pages/${name}`,
  cms: (group: 'home' | 'discover') => `cms/${group}`,
};

/**
 * Every page layout a bootstrap carries, with its `checkedLayouts` key: the partner's pages, then the
 * page-layout entries of the home and discover groups. The server checks these; the client trusts
 * the ones it listed.
 */
export function bootstrapLayouts(pages: Readonly<Record<string, unknown>>, cms: Bootstrap['cms']): Array<[key: string, layout: unknown]> {
  const layouts: Array<[string, unknown]> = Object.entries(pages).map(([name, layout]) => [checkedLayoutKey.page(name), layout]);
  for (const group of ['home', 'discover'] as const) {
    const entry = cms[group]?.data.find((page) => page.slug === LAYOUT_SLUG);
    if (entry) layouts.push([checkedLayoutKey.cms(group), entry.fields]);
  }
  return layouts;
}

export const BOOTSTRAP_ELEMENT_ID = 'mb-bootstrap';
