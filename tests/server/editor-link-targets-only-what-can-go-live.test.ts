// GET /api/cms/editor/link-targets: the link picker's restaurants (found by a part of the name) and
// earn pages, for the host partner's editors only. Every answer is a link the shared link rule
// accepts with what the server knows (merchants that exist, earn pages that are live); an earn page
// that is only a draft is not offered, since publishing a link to it would be refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkProblem } from '#shared/cms-links.ts';
import { availableRoutes } from '#shared/routes.ts';
import { existingMerchantIds, liveEarnPages } from '#server/repos/cms.ts';
import { createTestApp, host, signedInEditor, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const editorJar = (partner: string) => signedInEditor(t.app, partner);

interface Targets {
  merchants: Array<{ path: string; name: string; city: string }>;
  earn_pages: Array<{ path: string; title: string }>;
}

const get = (partner: string, q: string | null, cookie = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/cms/editor/link-targets${q === null ? '' : `?q=${encodeURIComponent(q)}`}`,
    headers: { ...host(partner), cookie },
  });

describe('the link picker’s targets', () => {
  it('needs an editor of the host partner', async () => {
    expect((await get('skyline', 'a')).statusCode).toBe(401);
    const { jar } = await editorJar('metro');
    expect((await get('skyline', 'a', jar.header())).statusCode).toBe(403);
  });

  it('finds restaurants by a part of their name, a few at a time, and only links the rule accepts', async () => {
    const { jar } = await editorJar('skyline');
    const { rows } = await t.db.query<{ id: string; name: string }>('select id, name from merchants order by id limit 1');
    const sample = rows[0]!;
    const part = sample.name.slice(1, 5).toUpperCase();
    const res = await get('skyline', part, jar.header());
    expect(res.statusCode).toBe(200);
    const body = res.json<Targets>();
    expect(body.merchants.length).toBeGreaterThan(0);
    expect(body.merchants.length).toBeLessThanOrEqual(8);
    expect(body.merchants.every((m) => m.name.toLowerCase().includes(part.toLowerCase()))).toBe(true);

    // % is a letter here, not "anything".
    expect((await get('skyline', '%', jar.header())).json<Targets>().merchants).toEqual([]);
    // No name typed: no restaurants, but the earn pages.
    const none = (await get('skyline', null, jar.header())).json<Targets>();
    expect(none.merchants).toEqual([]);
    expect(none.earn_pages.length).toBeGreaterThan(0);

    const context = {
      routes: availableRoutes(t.app.partners.get('skyline')!.config, { production: false }),
      merchants: await existingMerchantIds(
        t.db,
        body.merchants.map((m) => decodeURIComponent(m.path.split('/')[2]!)),
      ),
      earnPages: await liveEarnPages(t.db, 'skyline'),
    };
    for (const link of [...body.merchants, ...none.earn_pages]) expect(linkProblem(link.path, context), link.path).toBeNull();
  });

  it('offers live earn pages by their title, not one that is only a draft', async () => {
    const { jar, token } = await editorJar('skyline');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/cms/editor/entries/earn_details/draft-only-offer',
      headers: { ...host('skyline'), cookie: jar.header(), 'x-xsrf-token': token },
      payload: { fields: { url: 'draft-only-offer', browser_title: 'Draft only offer', banner_text: 'Not yet' } },
    });
    expect(saved.statusCode).toBe(200);
    const pages = (await get('skyline', null, jar.header())).json<Targets>().earn_pages;
    expect(pages.map((p) => p.path)).not.toContain('/earn/draft-only-offer');
    expect(pages.every((p) => p.title.trim() !== '')).toBe(true);
  });

  it('refuses a name longer than any restaurant’s with 400 naming the field', async () => {
    const { jar } = await editorJar('skyline');
    const res = await get('skyline', 'x'.repeat(101), jar.header());
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/q/);
  });
});
