// Findable pages: the page the server sends names itself, so search engines and link
// previews read it without running the app: a title, a meta description (from the page's content or
// the partner's copy), a canonical address, Open Graph tags; members' pages are noindex; an unknown
// merchant answers 404; robots.txt and a per-partner sitemap.xml list what may be indexed.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_PARTNERS, pageKinds } from '#tests/e2e/page-kinds.ts';
import { createTestApp, host, signedInEditor, stubClientDir, type TestApp, restoreSeededCms } from './helpers.ts';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = stubClientDir({
    'index.html': '<!doctype html><html><head><title>Menuboard</title></head><body><div id="root"></div></body></html>',
  });
  t = await createTestApp({ env: { CLIENT_DIR: clientDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Text as written in HTML by the server's escaping (numeric references), back to plain text. */
const unescape = (text: string | undefined) => text?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

async function page(partner: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...host(partner), accept: 'text/html' } });
  const meta = (attribute: string, name: string) =>
    unescape(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(res.body)?.[1]);
  return {
    status: res.statusCode,
    title: unescape(/<title>([^<]*)<\/title>/.exec(res.body)?.[1]) ?? null,
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(res.body)?.[1] ?? null,
    og: (property: string) => meta('property', `og:${property}`),
    titles: res.body.match(/<title>/g)?.length ?? 0,
  };
}

describe('the head of every page', () => {
  // One test publishes new terms for greenleaf; every test starts from the seeded ones (the seed
  // writes them again, and members' cached copy is dropped).
  beforeEach(() => restoreSeededCms(t, 'greenleaf', 'legal', ['terms']));

  it('every public page kind of every partner has a title, a description, a canonical address and Open Graph tags', async () => {
    for (const partner of ALL_PARTNERS) {
      for (const kind of pageKinds(partner).filter((k) => k.indexable)) {
        const what = `${partner} ${kind.kind} ${kind.path}`;
        const got = await page(partner, kind.path);
        expect(got.status, what).toBe(200);
        expect(got.titles, what).toBe(1);
        expect(got.title, what).toBeTruthy();
        expect(got.description?.length ?? 0, what).toBeGreaterThan(40);
        expect(got.description!.length, what).toBeLessThanOrEqual(160);
        expect(got.description, what).not.toMatch(/\{[a-zA-Z]+\}/);
        const path = kind.path.split('?')[0];
        expect(got.canonical, what).toBe(`http://${partner}.localhost${path}`);
        expect(got.robots, what).toBeUndefined();
        expect(got.og('title'), what).toBe(got.title);
        expect(got.og('description'), what).toBe(got.description);
        expect(got.og('url'), what).toBe(got.canonical);
      }
    }
  });

  it('says what each page is about: its own title and words, the partner in them', async () => {
    const search = await page('skyline', '/search?location=New%20York');
    expect(search.title).toBe('Find restaurants | Skyline SkyDining');
    expect(search.description).toMatch(/Search participating restaurants .* earn miles .* Skyline SkyDining/);
    const harborSearch = await page('harbor', '/search');
    expect(harborSearch.description).toMatch(/earn points every time you dine with Harbor Rewards Dining/);
    // Content pages describe themselves from their CMS entry.
    const terms = await page('greenleaf', '/terms');
    expect(terms.title).toBe('Terms & Conditions | Greenleaf Cash Back Dining');
    expect(terms.description).toMatch(/^The rules of Greenleaf Cash Back Dining/);
    const detail = await page('metro', '/earn/new-member-bonus');
    expect(detail.description).toMatch(/^Get a \$10 statement credit/);
  });

  it('a publish reaches the next page’s head, though the page before it was kept', async () => {
    const before = await page('greenleaf', '/terms');
    expect(before.description).toMatch(/^The rules of Greenleaf Cash Back Dining/);
    // The same page again is the kept one (same words).
    expect((await page('greenleaf', '/terms')).description).toBe(before.description);

    const { jar, token } = await signedInEditor(t.app, 'greenleaf');
    const headers = { ...host('greenleaf'), cookie: jar.header(), 'x-xsrf-token': token };
    const entry = (await t.app.inject({ method: 'GET', url: '/api/cms/editor/entries/legal/terms', headers })).json() as {
      name: string;
      draft: Record<string, unknown> | null;
      published: Record<string, unknown> | null;
    };
    const fields = { ...(entry.draft ?? entry.published)!, intro: 'Fresh terms for the new season of dining.' };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/cms/editor/entries/legal/terms',
      headers,
      payload: { name: entry.name, fields },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await t.app.inject({ method: 'POST', url: '/api/cms/editor/entries/legal/terms/publish', headers, payload: {} });
    expect(published.statusCode, published.body).toBe(200);

    expect((await page('greenleaf', '/terms')).description).toBe('Fresh terms for the new season of dining.');
  });

  it('describes a merchant by its name, cuisine and neighbourhood', async () => {
    const { rows } = await t.db.query<{ name: string; cuisines: string[]; neighborhood: string; city: string }>(
      "select name, cuisines, neighborhood, city from merchants where id = '10013'",
    );
    const merchant = rows[0]!;
    const got = await page('skyline', '/merchants/10013');
    expect(got.status).toBe(200);
    expect(got.title).toBe(`${merchant.name} | Skyline SkyDining`);
    expect(got.description).toContain(merchant.name);
    expect(got.description).toContain(merchant.cuisines[0]);
    expect(got.description).toContain(merchant.neighborhood);
    expect(got.description).toMatch(/earn miles/);
  });

  it('answers 404 for a merchant that does not exist (and for an unknown earn detail), with the page that says so', async () => {
    const unknown = await page('skyline', '/merchants/99999999');
    expect(unknown.status).toBe(404);
    expect(unknown.title).toBe('Page Not Found | Skyline SkyDining');
    expect(unknown.canonical).toBeNull();
    expect(unknown.robots).toBe('noindex');
    expect((await page('skyline', '/merchants/99999999/Order')).status).toBe(404);
    expect((await page('skyline', '/earn/no-such-offer')).status).toBe(404);
    expect((await page('skyline', '/merchants/10013/Order')).status).toBe(200);
  });

  it('keeps members’ pages out of search engines: noindex on the account pages, none on public ones', async () => {
    for (const path of ['/account/overview', '/account/recent_activity', '/account/manage_cards', '/account/user_profile', '/add_card']) {
      expect((await page('skyline', path)).robots, path).toBe('noindex');
    }
    expect((await page('skyline', '/login')).robots).toBeUndefined();
  });

  it('takes the partner’s route metadata over everything else', async () => {
    // routeMeta is per partner (partner.json); the base file has none, so give one through the bundle.
    // A changed partner file is a new bundle, which the server's kept heads and pages follow; this
    // one is changed in place, so it is asked at an address no other test here uses (plain
    // localhost, skyline's too): nothing was kept for it.
    const partner = t.app.partners.forHost('skyline.localhost');
    const before = partner.config.routeMeta;
    partner.config.routeMeta = { '/how-it-works': { title: 'How SkyDining works', description: 'Miles for meals, explained.' } };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/how-it-works', headers: { host: 'localhost', accept: 'text/html' } });
      expect(/<title>([^<]*)<\/title>/.exec(res.body)?.[1]).toBe('How SkyDining works');
      expect(unescape(/<meta name="description" content="([^"]*)"/.exec(res.body)?.[1])).toBe('Miles for meals, explained.');
    } finally {
      partner.config.routeMeta = before;
    }
  });
});
