// Which member pages use a CMS entry, by the names members know them by: what a delete is refused
// for (409 in_use). A page uses an entry when its layout places a block that shows it (#shared/page-entries.ts):
// the home and discover layouts in the CMS (their draft or their live version: a draft about to be
// published counts), and the partner's page files (/terms shows legal/terms, /search the search
// sidebar). The header, footer, wording and the /earn lead are global entries every member page reads,
// and a page's layout entry is the page itself.
import { LAYOUT_SLUG, type CmsContentName } from '#shared/cms.ts';
import { isPageGroup, referencedEntries, type EntryRef, type PageGroup } from '#shared/page-entries.ts';
import { substitute } from '#shared/copy.ts';
import { placeholdersFor, type PartnerBundle } from '#shared/partner.ts';
import { availableRoutes, homePageOf } from '#shared/routes.ts';
import type { Queryable } from './db/index.ts';
import { pagesShowing } from './repos/cms-pages.ts';

/** Global entries the frame and fixed screens read by slug, and where members see them. */
const FIXED_USES: Readonly<Record<string, string>> = {
  navbar: 'Every page (the header)',
  footer: 'Every page (the footer)',
  copy: 'Every page (the wording)',
  earn: 'Ways to earn (/earn)',
};

/** "Home (/)", "Discover (/discover)", or the layout marked as one members never see. */
function layoutPageName(group: PageGroup, partner: PartnerBundle): string {
  const home = homePageOf(partner.config);
  if (group === 'home') return home === 'home' ? 'Home (/)' : 'Home page layout (members never see it)';
  if (home === 'discover') return 'Discover (/)';
  return partner.config.hasDiscoverPage ? 'Discover (/discover)' : 'Discover page layout (members never see it)';
}

/**
 * The pages that use the entry, each once, by name and address; empty when none does. Run inside the
 * delete's transaction after the layouts are locked, so a layout saved meanwhile is seen.
 */
export async function pagesUsingEntry(
  db: Queryable,
  partner: PartnerBundle,
  production: boolean,
  contentName: CmsContentName,
  slug: string,
): Promise<string[]> {
  if (isPageGroup(contentName) && slug === LAYOUT_SLUG) return [layoutPageName(contentName, partner)];
  if (contentName === '*') {
    const fixed = FIXED_USES[slug];
    if (fixed) return [fixed];
  }
  const ref: EntryRef = { contentName, slug };
  const names = (await pagesShowing(db, partner.id, ref)).map((group) => layoutPageName(group, partner));
  const key = `${contentName}/${slug}`;
  const values = placeholdersFor(partner);
  for (const route of availableRoutes(partner.config, { production })) {
    if (!('layout' in route.page)) continue;
    const layout = partner.pages[route.page.layout];
    if (!referencedEntries(layout).some((r) => `${r.contentName}/${r.slug}` === key)) continue;
    const name = `${substitute(layout?.title ?? route.page.layout, values)} (${route.path})`;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}
