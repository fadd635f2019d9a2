import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsBannerFields, CmsPage, PageLayout } from '#shared/generated/types.ts';
import { CMS_CONTENT_NAMES, LAYOUT_SLUG } from '#shared/cms.ts';
import { substituteDeep } from '#shared/copy.ts';
import { partnerFlags, placeholdersFor, type PartnerBundle } from '#shared/partner.ts';
import { layoutBlockTypes, resolvePage, type ResolvedBlock } from '#shared/page/resolve.ts';
import type { Visitor, VisitorKind } from '#shared/visitor.ts';
import { formatProblem } from '#shared/validation.ts';
import { layoutChecks, whenBlockCodeLoaded, type BlockPropsMap } from '#registry/index.ts';
import { openPglite, type Db, type Queryable } from '#server/db/index.ts';
import { migrate } from '#server/db/migrate.ts';
import { listPartnerIds } from '#server/partners/registry.ts';
import { generateMerchants, milesBetween, seedMerchants } from '#server/seed/merchants.ts';
import { loadCmsSeed, seedCms, seedMissingCmsGroups } from '#server/seed/cms.ts';
import { CUISINES } from '#server/seed/data/cuisines.ts';
import { createTestApp, host, root, type TestApp } from './helpers.ts';

const partnersDir = join(root, 'partners');
const partnerIds = listPartnerIds(partnersDir);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bundle = (id: string): PartnerBundle => t.app.partners.forHost(`${id}.localhost`);

function visitorFor(partner: PartnerBundle, kind: VisitorKind, tier: number | null = null): Visitor {
  return {
    kind,
    tier,
    enrollmentType: partner.config.enrollmentType,
    flags: partnerFlags(partner.config),
    nativeApp: false,
    pwa: false,
    now: new Date(),
  };
}

async function cmsGroup(partnerId: string, contentName: string): Promise<CmsPage[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/cms/pages/${encodeURIComponent(contentName)}/?page_size=100`,
    headers: host(partnerId),
  });
  expect(res.statusCode, `${partnerId} ${contentName}`).toBe(200);
  return (res.json() as { data: CmsPage[] }).data;
}

/** The CMS group whose layout a partner shows at "/" (spec 000 §2: homePage picks discover or home). */
function homeGroup(partner: PartnerBundle): 'home' | 'discover' {
  return partner.config.homePage === 'discover' && partner.config.hasDiscoverPage ? 'discover' : 'home';
}

/** The "/" page as an anonymous visitor sees it: resolved blocks plus the banners they show, copy substituted. */
async function homePage(partnerId: string) {
  const partner = bundle(partnerId);
  const group = homeGroup(partner);
  const entries = await cmsGroup(partnerId, group);
  const layout = entries.find((e) => e.slug === LAYOUT_SLUG)?.fields as PageLayout | undefined;
  expect(layout, `${partnerId} has a ${group} page-layout`).toBeDefined();
  await whenBlockCodeLoaded(layoutBlockTypes(layout));
  const page = resolvePage({
    layout,
    source: `cms:${partnerId}/${group}/${LAYOUT_SLUG}`,
    ...layoutChecks(false),
    visitor: visitorFor(partner, 'anonymous'),
    placeholders: placeholdersFor(partner),
  });
  const blocks = page.blocks.filter((b): b is ResolvedBlock<BlockPropsMap> => b.status === 'ok');
  const banners = blocks
    .filter((b) => b.type === 'cms-banner')
    .map((b) => entries.find((e) => e.slug === b.props.slug)?.fields as CmsBannerFields | undefined)
    .filter((f): f is CmsBannerFields => !!f && f.user_states.includes('anonymous'))
    .map((f) => substituteDeep(f, placeholdersFor(partner)));
  return { partner, group, layout: layout as PageLayout, page, blocks, banners };
}

describe('seed', () => {
  it('writes the demo merchants and CMS content in bulk, not a statement per row', async () => {
    const db: Db = await openPglite('memory://');
    try {
      await migrate(db);
      // Count the round trips the seed makes (its timing lives in `npm run bench`).
      let statements = 0;
      const counted: Queryable = {
        query: (sql, params) => {
          statements += 1;
          return db.query(sql, params);
        },
        exec: (sql) => {
          statements += 1;
          return db.exec(sql);
        },
      };
      await seedMerchants(counted);
      await seedCms(counted, partnersDir, partnerIds);
      expect(statements).toBeLessThan(generateMerchants().length / 4);
      const { rows } = await db.query<{ merchants: number; entries: number; versions: number }>(
        `select (select count(*)::int from merchants) as merchants, (select count(*)::int from cms_entries) as entries,
                (select count(*)::int from cms_versions where version = 1 and published_by = 'seed') as versions`,
      );
      expect(rows[0]!.merchants).toBe(generateMerchants().length);
      expect(rows[0]!.entries).toBeGreaterThan(partnerIds.length * 11);
      expect(rows[0]!.versions).toBe(rows[0]!.entries);
    } finally {
      await db.close();
    }
  });

  it('puts merchants in New York (near the default location), Chicago and San Francisco', async () => {
    const { rows } = await t.db.query<{ latitude: number; longitude: number; city: string; state: string }>(
      'select latitude, longitude, city, state from merchants',
    );
    const near = (lat: number, lng: number, miles: number) =>
      rows.filter((r) => milesBetween({ lat, lng }, { lat: r.latitude, lng: r.longitude }) <= miles);
    expect(near(40.7577, -73.9857, 6).length).toBeGreaterThanOrEqual(320);
    expect(near(41.8781, -87.6298, 12).filter((r) => r.city === 'Chicago').length).toBeGreaterThanOrEqual(120);
    expect(near(37.7749, -122.4194, 8).filter((r) => r.city === 'San Francisco').length).toBeGreaterThanOrEqual(120);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['NY', 'IL', 'CA']));
  });

  it('generates the same believable merchants every time', async () => {
    const merchants = generateMerchants();
    expect(generateMerchants()).toEqual(merchants);
    expect(new Set(merchants.map((m) => m.name.toLowerCase())).size).toBe(merchants.length);
    const cuisines = new Set(merchants.flatMap((m) => m.cuisines));
    expect(cuisines.size).toBeGreaterThanOrEqual(24);
    for (const m of merchants) {
      expect(m.cuisines.length).toBeGreaterThanOrEqual(1);
      expect(m.cuisines.length).toBeLessThanOrEqual(3);
      for (const c of m.cuisines) expect(CUISINES).toContain(c);
      expect(m.rating).toBeGreaterThanOrEqual(2.5);
      expect(m.rating).toBeLessThanOrEqual(5);
      expect(m.features.length).toBeGreaterThan(0);
      expect(m.mealsServed.length).toBeGreaterThan(0);
      expect(m.address1).toMatch(/^\d+ \S/);
      expect(m.zipCode).toMatch(/^\d{5}$/);
    }
    const share = (pick: (m: (typeof merchants)[number]) => boolean) => merchants.filter(pick).length / merchants.length;
    expect(share((m) => m.highlight === null)).toBeGreaterThan(0.6);
    expect(share((m) => m.openTableId !== null)).toBeGreaterThan(0.3);
    expect(share((m) => m.openTableId !== null)).toBeLessThan(0.5);
    expect(share((m) => m.priceRange === 0)).toBeGreaterThan(0);
    expect(share((m) => m.acclaimedLevel === 2)).toBeGreaterThan(0);
    expect(new Set(merchants.map((m) => m.highlight))).toEqual(
      new Set([null, 'acclaimed', 'comingSoon', 'leavingSoon', 'new', 'limitedTime', 'orderExternal', 'orderInternal']),
    );
    // Bonus copy leaves the currency to the partner.
    expect(merchants.filter((m) => m.bonusText).every((m) => m.bonusText!.includes('{currency}'))).toBe(true);
  });
});

describe('CMS seed content', () => {
  it('every seed entry of every partner validates, and banners that layouts name exist', () => {
    for (const id of partnerIds) {
      const { problems, files } = loadCmsSeed(partnersDir, id);
      expect(problems.map(formatProblem), id).toEqual([]);
      expect(Object.keys(files).sort(), id).toEqual([...CMS_CONTENT_NAMES].sort());
    }
  });

  it('stops the seed at a bad entry, naming the file and JSON pointer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mb-seed-'));
    try {
      cpSync(partnersDir, join(dir, 'partners'), { recursive: true });
      const file = join(dir, 'partners', '_base', 'cms', 'home.json');
      const entries = JSON.parse(readFileSync(file, 'utf8')) as Array<{ slug: string; fields: Record<string, unknown> }>;
      const banner = entries.findIndex((e) => e.slug === 'welcome');
      entries[banner]!.fields.category = 'promotion';
      writeFileSync(file, JSON.stringify(entries));
      const db = await openPglite('memory://');
      try {
        await migrate(db);
        // Skyline has its own discover group but uses the base home group.
        await expect(seedCms(db, join(dir, 'partners'), ['skyline'])).rejects.toThrow(
          new RegExp(`partners/_base/cms/home\\.json#/${banner}/fields/category: must be equal to one of the allowed values`),
        );
        const { rows } = await db.query<{ n: number }>('select count(*)::int as n from cms_entries');
        expect(rows[0]!.n).toBe(0);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a database seeded before a group existed gets that group on start, and nothing else changes', async () => {
    const db = await openPglite('memory://');
    try {
      await migrate(db);
      await seedCms(db, partnersDir, ['skyline', 'metro']);
      await db.query("delete from cms_versions where grp = 'legal'");
      await db.query("delete from cms_entries where grp = 'legal'");
      await db.query(
        "update cms_versions set fields = '{\"page_text\": \"<p>edited</p>\"}' where partner_id = 'metro' and grp = 'sidebar'",
      );
      const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from cms_entries')).rows[0]!.n;
      const before = await count();
      expect((await seedMissingCmsGroups(db, partnersDir, ['skyline', 'metro'])).sort()).toEqual(['metro/legal', 'skyline/legal']);
      expect(await count()).toBe(before + 4);
      expect(await seedMissingCmsGroups(db, partnersDir, ['skyline', 'metro'])).toEqual([]);
      const { rows } = await db.query<{ fields: { page_text: string } }>(
        "select fields from cms_versions where partner_id = 'metro' and grp = 'sidebar'",
      );
      expect(rows.every((row) => row.fields.page_text === '<p>edited</p>')).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('every partner has every group, with the content each partner needs', async () => {
    for (const id of partnerIds) {
      const groups = Object.fromEntries(
        await Promise.all(CMS_CONTENT_NAMES.map(async (name) => [name, await cmsGroup(id, name)] as const)),
      );
      const slugs = (name: string) => (groups[name] as CmsPage[]).map((e) => e.slug);
      expect(slugs('*').sort(), id).toEqual(['earn', 'footer', 'navbar']);
      expect(slugs('home'), id).toContain(LAYOUT_SLUG);
      expect(slugs('discover'), id).toContain(LAYOUT_SLUG);
      for (const name of ['tier_1_activation', 'account_center', 'earn_banner', 'popup', 'sidebar'])
        expect(slugs(name).length, `${id} ${name}`).toBeGreaterThan(0);
      const urls = (groups.earn_details as CmsPage[]).map((e) => (e.fields as { url: string }).url);
      // The city guide has no membership: no member bonus or VIP pages. The base content (skyline,
      // harbor) has the reservation bonus page, which only partners paying the bonus show.
      const common = ['how-it-works', 'new-member-bonus', 'reservations', 'special-offers', 'this-is-big', 'vip-upgrade'];
      expect(urls.sort(), id).toEqual(
        id === 'openplate'
          ? ['how-it-works', 'reservations', 'special-offers']
          : id === 'skyline' || id === 'harbor'
            ? [...common, 'reservation-bonus'].sort()
            : common,
      );
      expect(slugs('legal').sort(), id).toEqual(['privacy', 'terms']);
      const referral = (groups.account_center as CmsPage[])[0]!.fields as { referral_link: { is_enabled: boolean } };
      expect(referral.referral_link.is_enabled, id).toBe(id === 'skyline' || id === 'greenleaf');
      expect(slugs('announcement_banner').length > 0, id).toBe(id === 'skyline' || id === 'greenleaf');
      expect(slugs('surveys').length > 0, id).toBe(id === 'skyline');
    }
    const survey = (await cmsGroup('skyline', 'surveys'))[0]!.fields;
    expect(survey).toMatchObject({ id: 'skyline-dining-2026', cookie_timeout: 90 });
    expect((await cmsGroup('greenleaf', 'popup')).map((e) => e.slug)).toContain('cashback-launch');
  });

  it('every layout resolves without problems for every kind of visitor', async () => {
    for (const id of partnerIds) {
      const partner = bundle(id);
      for (const group of ['home', 'discover'] as const) {
        const layout = (await cmsGroup(id, group)).find((e) => e.slug === LAYOUT_SLUG)!.fields;
        await whenBlockCodeLoaded(layoutBlockTypes(layout));
        for (const [kind, tier] of [
          ['anonymous', null],
          ['cardMember', 2],
          ['nonCardMember', 1],
          ['closedAccount', 0],
          ['knownMember', 1],
        ] as const) {
          const page = resolvePage({
            layout,
            source: `cms:${id}/${group}`,
            ...layoutChecks(false),
            visitor: visitorFor(partner, kind, tier),
            placeholders: placeholdersFor(partner),
          });
          expect(page.problems.map(formatProblem), `${id} ${group} ${kind}`).toEqual([]);
          expect(page.blocks.length, `${id} ${group} ${kind}`).toBeGreaterThan(1);
          // Every placeholder is a known one: nothing like "{currency" is left for a person to read.
          expect(JSON.stringify(page.blocks), `${id} ${group}`).not.toMatch(/\{[a-zA-Z]+\}/);
        }
      }
    }
  });

  it('each partner shows a visibly different home page, in its own currency', async () => {
    const pages = await Promise.all(partnerIds.map(homePage));
    const outline = (p: (typeof pages)[number]) =>
      p.blocks
        .map((b) => {
          const props: Record<string, unknown> = { ...b.props };
          return `${b.type}:${String(props.headline ?? props.title ?? props.text ?? props.slug ?? '')}`;
        })
        .join(' | ');
    const outlines = pages.map(outline);
    expect(new Set(outlines).size, outlines.join('\n')).toBe(partnerIds.length);
    for (const p of pages) {
      if (p.partner.config.showEarnRate === false) continue;
      const words = JSON.stringify([p.blocks, p.banners]);
      expect(words, p.partner.id).toContain(p.partner.config.currencyName);
    }
  });

  it('default homes outline how it works, link to browsing and offer the prospect form to direct partners', async () => {
    for (const id of partnerIds) {
      const p = await homePage(id);
      const types = p.blocks.map((b) => b.type);
      if (p.group === 'home') {
        expect(types, id).toContain('how-it-works');
        expect(types, id).toContain('browse-link');
        const form = types.includes('prospect-form') || p.banners.some((b) => b.show_prospect_form === true);
        expect(form, id).toBe(p.partner.config.enrollmentType === 'direct');
      } else {
        expect(types[0], id).toBe('cms-banner');
        expect(types.filter((t) => t === 'merchant-carousel').length, id).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('carousel searches find restaurants and banner images exist', async () => {
    for (const id of partnerIds) {
      for (const group of ['home', 'discover'] as const) {
        const entries = await cmsGroup(id, group);
        const layout = entries.find((e) => e.slug === LAYOUT_SLUG)!.fields as unknown as PageLayout;
        const queries = Object.values(layout.blocks)
          .filter((b) => b?.type === 'merchant-carousel')
          .map((b) => String((b?.props as { query?: string } | undefined)?.query));
        for (const query of queries) {
          const res = await t.app.inject({ method: 'GET', url: `/api/v2/Merchants/Search?${query}&pageSize=1`, headers: host(id) });
          expect(res.statusCode, `${id} ${query}`).toBe(200);
          expect(res.json().totalResultSize, `${id} ${query}`).toBeGreaterThan(0);
        }
        for (const banner of entries.filter((e) => e.slug !== LAYOUT_SLUG)) {
          const image = (banner.fields as unknown as CmsBannerFields).image;
          // Seeded banners name files by path (library images are uploaded by editors).
          if (!image) continue;
          expect(typeof image, `${id} ${banner.slug}`).toBe('string');
          if (typeof image !== 'string') continue;
          const res = await t.app.inject({ method: 'GET', url: image });
          expect(res.statusCode, `${id} ${banner.slug} ${image}`).toBe(200);
        }
      }
    }
  });
});
