// Every CMS group an editor can edit reaches a member page (issue: `earn_banner` and the restaurant
// page's `sidebar` entry were editable and shown nowhere). A group is shown either by frame or
// feature code that reads it (listed below, and the file is checked to read it), or by blocks
// placed in a page layout that name its entry by slug (src/shared/page-entries.ts). For the second
// kind, every entry a partner's members may see must be placed by one of that partner's layouts.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCmsSeed } from '#server/seed/cms.ts';
import { listPartnerIds, loadPartner } from '#server/partners/registry.ts';
import { CMS_CONTENT_NAMES, LAYOUT_SLUG, usableEntries, type CmsContentName } from '#shared/cms.ts';
import { groupShown, linkContext, visibleEntries } from '#shared/content-features.ts';
import { PAGE_GROUPS, referencedEntries } from '#shared/page-entries.ts';
import type { CmsPage, CmsPagesResponse } from '#shared/generated/types.ts';

const rootDir = join(import.meta.dirname, '../..');
const partnersDir = join(rootDir, 'partners');

/** Groups member code reads whole (every entry it has), and the file that reads each. */
const CODE_HOMES: Partial<Record<CmsContentName, string[]>> = {
  '*': ['src/client/features/frame/navigation.ts', 'src/client/features/earn/EarnOverview.tsx'],
  home: ['src/client/features/pages/CmsLayoutPage.tsx', 'src/client/features/account/AccountOverview.tsx'],
  discover: ['src/client/features/pages/CmsLayoutPage.tsx'],
  tier_1_activation: ['src/client/features/enrolment/Activation.tsx'],
  surveys: ['src/client/features/frame/SurveyWidget.tsx'],
  account_center: ['src/client/features/account/AccountOverview.tsx'],
  announcement_banner: ['src/client/features/frame/AnnouncementBanner.tsx'],
  earn_details: ['src/client/features/earn/content.ts'],
  popup: ['src/client/features/frame/FrameModalViews.tsx'],
  legal: ['src/client/features/earn/LegalPage.tsx'],
};

function reads(file: string, contentName: string): boolean {
  const source = readFileSync(join(rootDir, file), 'utf8');
  const quoted = contentName.replace(/[*]/g, '\\*');
  return (
    new RegExp(`useCmsEntr(?:y|ies)\\(\\s*'${quoted}'`).test(source) ||
    ((contentName === 'home' || contentName === 'discover') && /useCmsEntry\(group, LAYOUT_SLUG\)/.test(source))
  );
}

function asPages(entries: ReturnType<typeof loadCmsSeed>['entries']): CmsPage[] {
  return entries.map(
    (e) =>
      ({ slug: e.slug, name: e.name, page_type: e.group, published: null, updated: '', status: 'published', fields: e.fields }) as CmsPage,
  );
}

/** Every layout members of a partner may be shown: the screens' layouts and the CMS page layouts. */
function layoutsOf(partnerId: string, pages: Record<string, unknown>, seed: ReturnType<typeof loadCmsSeed>): unknown[] {
  const cmsLayouts = seed.entries
    .filter((e) => (PAGE_GROUPS as readonly string[]).includes(e.contentName) && e.slug === LAYOUT_SLUG && e.partnerId === partnerId)
    .map((e) => e.fields.layout ?? e.fields);
  return [...Object.values(pages), ...cmsLayouts];
}

describe('every CMS group has a home on a member page', () => {
  const partners = listPartnerIds(partnersDir).map((id) => {
    const { bundle } = loadPartner(partnersDir, id);
    if (!bundle) throw new Error(`partner ${id} does not load`);
    const seed = loadCmsSeed(partnersDir, id);
    return { id, bundle, seed, layouts: layoutsOf(id, bundle.pages, seed) };
  });

  it('each group is read by member code or placed by a block in some partner layout', () => {
    const placed = new Set(partners.flatMap((p) => p.layouts.flatMap((layout) => referencedEntries(layout).map((ref) => ref.contentName))));
    const homeless: string[] = [];
    for (const name of CMS_CONTENT_NAMES) {
      const files = CODE_HOMES[name] ?? [];
      for (const file of files) expect(reads(file, name), `${file} reads CMS group ${name}`).toBe(true);
      if (files.length === 0 && !placed.has(name)) homeless.push(name);
    }
    expect(homeless).toEqual([]);
  });

  it('every entry a partner shows by slug is placed by one of its layouts (sidebar, earn banner), for every partner', () => {
    const bySlugOnly = CMS_CONTENT_NAMES.filter((name) => !CODE_HOMES[name]);
    expect(bySlugOnly.length).toBeGreaterThan(0);
    const unplaced: string[] = [];
    let checked = 0;
    for (const { id, bundle, seed, layouts } of partners) {
      const placed = new Set(layouts.flatMap((layout) => referencedEntries(layout).map((ref) => `${ref.contentName}/${ref.slug}`)));
      const earnDetails: CmsPagesResponse = {
        data: asPages(seed.entries.filter((e) => e.contentName === 'earn_details')),
      } as CmsPagesResponse;
      const context = linkContext(bundle.config, usableEntries('earn_details', earnDetails), { production: false });
      for (const name of bySlugOnly) {
        if (!groupShown(name, bundle.config)) continue;
        const response = { data: asPages(seed.entries.filter((e) => e.contentName === name)) } as CmsPagesResponse;
        for (const entry of visibleEntries(usableEntries(name, response), context)) {
          checked += 1;
          if (!placed.has(`${name}/${entry.slug}`)) unplaced.push(`${id}: ${name}/${entry.slug}`);
        }
      }
    }
    expect(unplaced).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});
