// Server rendering of search and merchant pages (docs/decisions/2026-11-28-server-rendering.md): an
// anonymous visitor's search naming a place and a known merchant's page arrive with their results or
// merchant in the HTML, and with the API answers they were made from, under the client's query keys,
// in a non-executed JSON element the browser hydrates its query client from (so it asks nothing again).
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, renderingClientDir, host, rootOf, type TestApp } from './helpers.ts';
import { session, signIn } from './auth-helpers.ts';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = renderingClientDir();
  t = await createTestApp({ env: { CLIENT_DIR: clientDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (partner: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...host(partner), accept: 'text/html', ...headers } });
const api = async (partner: string, url: string) =>
  (await t.app.inject({ method: 'GET', url, headers: { ...host(partner), accept: 'application/json' } })).json<unknown>();

interface Dehydrated {
  queries: Array<{ queryKey: unknown[]; state: { data: unknown; status: string } }>;
}

/** The dehydrated queries the page carries (null when it carries none). */
function queriesOf(html: string): Dehydrated | null {
  const match = /<script id="mb-queries" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Dehydrated) : null;
}

const MERCHANT = { id: '10006', name: 'Cartagena Kitchen' };

describe('search and merchant pages rendered on the server with their data', () => {
  it("a search naming a place carries its first page of results, and the API's answer under the client's key", async () => {
    for (const partner of ['harbor', 'skyline']) {
      const res = await get(partner, '/search?location=New%20York');
      expect(res.statusCode).toBe(200);
      expect(res.body.includes('data-server-rendered'), `${partner} rendered`).toBe(true);
      const answer = await api(partner, '/api/v2/Merchants/Search?location=New+York&pageSize=15');
      const merchants = (answer as { merchants: Array<{ name: string; id: string }> }).merchants;
      expect(merchants.length).toBeGreaterThan(0);
      // Every result's name and a link to its page are in the HTML.
      for (const merchant of merchants) {
        expect(rootOf(res.body).includes(merchant.name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')), merchant.name).toBe(true);
        expect(rootOf(res.body).includes(`href="/merchants/${merchant.id}"`), merchant.id).toBe(true);
      }
      const state = queriesOf(res.body);
      expect(state?.queries.map((q) => q.queryKey)).toEqual([['merchant-search', 'location=New+York&pageSize=15']]);
      expect(state?.queries[0]?.state.data).toEqual(answer);
      expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
      // The CSP names the JSON element by hash like the bootstrap; no executed inline script.
      expect(res.body.match(/<script(?![^>]*type="application\/json")[^>]*>/g) ?? []).toEqual([]);
    }
  });

  it('each search address gets its own results: filters and pages are in the key and in the HTML', async () => {
    const a = await get('harbor', '/search?location=New%20York&sortBy=rating&pageNo=2');
    const b = await get('harbor', '/search?location=New%20York');
    const keyA = queriesOf(a.body)?.queries[0]?.queryKey;
    expect(keyA).toEqual(['merchant-search', 'location=New+York&pageNo=2&pageSize=15&sortBy=rating']);
    expect(rootOf(a.body)).not.toEqual(rootOf(b.body));
    const answer = (await api('harbor', `/api/v2/Merchants/Search?${String(keyA?.[1])}`)) as { merchants: Array<{ id: string }> };
    expect(rootOf(a.body).includes(`href="/merchants/${answer.merchants[0]!.id}"`)).toBe(true);
  });

  it("a search around the visitor's position is rendered without results: the browser decides where they are", async () => {
    const res = await get('harbor', '/search');
    expect(res.body.includes('data-server-rendered')).toBe(true);
    expect(queriesOf(res.body)).toBeNull();
    expect(rootOf(res.body).includes('aria-busy="true"')).toBe(true);
  });

  it('a merchant page carries the merchant and its detail answer; the map is a sized box for the browser', async () => {
    for (const partner of ['harbor', 'skyline']) {
      const res = await get(partner, `/merchants/${MERCHANT.id}`);
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toMatch(new RegExp(`<h1[^>]*>${MERCHANT.name}</h1>`));
      const state = queriesOf(res.body);
      expect(state?.queries.map((q) => q.queryKey)).toEqual([['merchantDetail', MERCHANT.id]]);
      expect(state?.queries[0]?.state.data).toEqual(await api(partner, `/api/v2/Merchants/${MERCHANT.id}`));
      // No Leaflet on the server, no style attribute the CSP would refuse.
      expect(rootOf(res.body).includes('leaflet')).toBe(false);
      expect(rootOf(res.body).match(/<[^>]+\sstyle="[^"]*"/g) ?? []).toEqual([]);
    }
  });

  it('an unknown merchant still answers 404 with the shell, which shows the Not Found page', async () => {
    const res = await get('harbor', '/merchants/99999999');
    expect(res.statusCode).toBe(404);
    expect(res.body.includes('data-server-rendered')).toBe(false);
    expect(queriesOf(res.body)).toBeNull();
  });

  it("a signed-in member's search is rendered for them with the same shared answers, and kept by no cache", async () => {
    const s = await session(t.app, 'skyline');
    expect((await signIn(t.app, s, 'card0@skyline.example')).statusCode).toBe(200);
    const res = await get('skyline', '/search?location=New%20York', { cookie: s.jar.header() });
    expect(res.body.includes('data-server-rendered')).toBe(true);
    expect(queriesOf(res.body)?.queries[0]?.state.data).toEqual(
      await api('skyline', '/api/v2/Merchants/Search?location=New+York&pageSize=15'),
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});
