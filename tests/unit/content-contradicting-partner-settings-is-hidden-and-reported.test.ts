// Content follows the partner's settings (src/shared/content-features.ts): members never see an
// entry, list item or link whose feature is off, and `npm run validate` (and the editor's publish
// check, the same function) reports content that mentions or links to a switched-off feature, a
// copy variant for a missing feature, or an amount typed where a partner setting holds it, each by
// file or entry and JSON pointer. Contradictions are planted in a copy of partners/.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectProblems } from '../../tools/validate.ts';
import { formatProblem } from '#shared/validation.ts';
import { entryContentProblems, linkContext, linkReachable, visibleEntries } from '#shared/content-features.ts';
import type { CmsPage, PartnerConfig } from '#shared/generated/types.ts';
import { placeholdersFor } from '#shared/partner.ts';
import { substitute } from '#shared/copy.ts';

const root = resolve(import.meta.dirname, '../..');
let fixture: string;
beforeAll(() => {
  fixture = mkdtempSync(join(tmpdir(), 'menuboard-content-features-'));
  cpSync(join(root, 'partners'), join(fixture, 'partners'), { recursive: true });
});
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

const read = (path: string) => JSON.parse(readFileSync(join(fixture, path), 'utf8')) as unknown;
const write = (path: string, value: unknown) => writeFileSync(join(fixture, path), JSON.stringify(value, null, 2));
const problems = () => collectProblems({ partnersDir: join(fixture, 'partners') }).problems.map(formatProblem);

const config = (over: Partial<PartnerConfig>): PartnerConfig => ({
  ...(JSON.parse(readFileSync(join(root, 'partners/_base/partner.json'), 'utf8')) as PartnerConfig),
  ...over,
});
const page = (slug: string, fields: Record<string, unknown>): CmsPage => ({ slug, fields }) as unknown as CmsPage;

describe('npm run validate: content against partner settings', () => {
  it('passes on the shipped partners', () => {
    expect(problems()).toEqual([]);
  });

  it('reports planted contradictions by file and pointer', () => {
    const earnPath = 'partners/greenleaf/cms/earn_details.json';
    const earn = read(earnPath) as { slug: string; name?: string; fields: Record<string, unknown> }[];
    // An undeclared VIP page on a partner without VIP, and a typed new-member bonus.
    earn.push({ slug: 'vip-night', name: 'VIP night', fields: { url: 'vip-night', banner_text: 'VIP night: double cash back' } });
    earn[0]!.fields.banner_text = 'Earn $10 bonus {currency} on your first dine after joining';
    write(earnPath, earn);
    // metro's footer links the reservation terms although metro has no reservations.
    const globalPath = 'partners/metro/cms/global.json';
    write(globalPath, [
      { slug: 'footer', name: 'Footer', fields: { primary_links: [{ text: 'Book a table', url: '/earn/reservations' }] } },
    ]);
    // harbor (no VIP) writes the VIP unlock text anyway: a copy variant for a missing feature.
    const copyPath = 'partners/harbor/copy.json';
    write(copyPath, { 'merchantCard.unlock.tier3.text': 'Reach VIP to dine here.' });

    const found = problems();
    expect(found).toContain(
      'partners/greenleaf/cms/earn_details.json#/6/fields/banner_text: greenleaf: This text mentions “VIP”, but this programme does not offer VIP status, so members would be promised something they cannot use. Reword it, or tick “VIP status” under “Only where the programme has” so that only programmes offering it show this.',
    );
    expect(found).toContain(
      'partners/greenleaf/cms/earn_details.json#/0/fields/banner_text: greenleaf: This text types the bonus for new members as a number, but that amount is set for the whole programme and can change. Write {newMemberBonus} instead: members see the current amount.',
    );
    expect(found).toContain(
      'partners/metro/cms/global.json#/0/fields/primary_links/0/url: metro: This links to /earn/reservations, a page this site does not have, so members would land on “Not found”. Choose a page this site has, or remove the link.',
    );
    expect(found).toContain(
      'partners/metro/cms/global.json#/0/fields/primary_links/0/text: metro: This text mentions “Book a table”, but this programme does not offer table reservations, so members would be promised something they cannot use. Reword it, or tick “Table reservations” under “Only where the programme has” so that only programmes offering it show this.',
    );
    expect(found).toContain(
      'partners/harbor/copy.json#/merchantCard.unlock.tier3.text: harbor: This wording is only shown with VIP status, which this programme does not offer, so no member ever sees it. Remove it.',
    );
  });
});

describe('what members see', () => {
  const entries = [
    page('vip-upgrade', { url: 'vip-upgrade', features: ['vip'] }),
    page('reservations', { url: 'reservations', features: ['reservations'] }),
    page('how-it-works', { url: 'how-it-works' }),
  ];

  it('leaves out entries, list items and links whose feature is off', () => {
    const metro = config({ hasVIP: false, openTableReservationsEnabled: false });
    const context = linkContext(metro, entries, { production: true });
    expect(visibleEntries(entries, context).map((e) => e.slug)).toEqual(['how-it-works']);
    const footer = page('footer', {
      primary_links: [
        { text: 'Terms', url: '/earn/reservations' },
        { text: 'How', url: '/earn/how-it-works' },
        { text: 'SMS', url: '/search', features: ['sms'] },
        { text: 'Elsewhere', url: 'https://example.com/' },
      ],
    });
    const [shown] = visibleEntries([footer], context);
    expect((shown!.fields as { primary_links: { text: string }[] }).primary_links.map((l) => l.text)).toEqual(['How', 'Elsewhere']);
  });

  it('keeps them where the partner has the feature, and follows enrolment for account links', () => {
    const skyline = config({ hasVIP: true, openTableReservationsEnabled: true });
    const context = linkContext(skyline, entries, { production: true });
    expect(visibleEntries(entries, context)).toHaveLength(3);
    expect(linkReachable('/account/overview', context)).toBe(true);
    const guide = linkContext(config({ enrollmentType: 'none' }), entries, { production: true });
    expect(linkReachable('/account/overview', guide)).toBe(false);
    expect(linkReachable('/join?x=1', guide)).toBe(false);
    expect(linkReachable('/search?reservations=true', guide)).toBe(true);
  });

  it('the publish check finds a link to a hidden earn page inside CMS HTML', () => {
    const context = linkContext(config({ hasVIP: false }), entries, { production: true });
    const problemsOf = entryContentProblems(
      'sidebar',
      page('merchant', { page_text: '<p><a href="/earn/vip-upgrade">Go premium</a></p>' }),
      { source: 'cms:harbor/sidebar/merchant', pointer: '/fields' },
      context,
    );
    expect(problemsOf.map(formatProblem)).toEqual([
      'cms:harbor/sidebar/merchant#/fields/page_text: This links to /earn/vip-upgrade, a page this site does not have, so members would land on “Not found”. Choose a page this site has, or remove the link.',
    ]);
  });
});

describe('amounts come from partner settings', () => {
  it('one bonus, one amount: the account overview and the new-member page read the same setting', () => {
    for (const partner of ['skyline', 'harbor', 'greenleaf']) {
      const merged = { ...config({}), ...(JSON.parse(readFileSync(join(root, `partners/${partner}/partner.json`), 'utf8')) as object) };
      const values = placeholdersFor({ config: merged as PartnerConfig });
      const earn = (JSON.parse(readFileSync(join(root, 'partners/_base/cms/earn_details.json'), 'utf8')) as CmsPage[])[0]!;
      const home = JSON.parse(readFileSync(join(root, 'partners/_base/cms/home.json'), 'utf8')) as CmsPage[];
      const banner = home.find((e) => e.slug === 'welcome-bonus')!;
      const amountIn = (text: string) => /(\$?[\d,]+) bonus/.exec(substitute(text, values))?.[1];
      const bannerText = (banner.fields as { banner_text: { fields: { text_desktop: string } }[] }).banner_text[1]!.fields.text_desktop;
      expect(amountIn((earn.fields as { banner_text: string }).banner_text)).toBe(amountIn(bannerText));
      expect(amountIn(bannerText)).toBe(values.newMemberBonus);
    }
  });
});
