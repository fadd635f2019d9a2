// The HTML shell: history fallback for page addresses (browsers and curl alike), JSON 404 for API
// calls and missing files, the partner's title, theme, favicon and inlined bootstrap.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cmsCacheFor } from '#server/cms-cache.ts';
import { validateApiBootstrap } from '#shared/generated/validators.js';
import { createTestApp, stubClientDir, host, type TestApp } from './helpers.ts';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  // A stand-in for the built client: the shell's template is all these routes read.
  clientDir = stubClientDir({
    'index.html': '<!doctype html><html><head><title>Menuboard</title></head><body><div id="root"></div></body></html>',
  });
  t = await createTestApp({ seed: false, env: { CLIENT_DIR: clientDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('HTML shell', () => {
  it('serves any page address as the partner-branded shell, to browsers and to curl (*/*)', async () => {
    for (const accept of ['text/html,application/xhtml+xml', '*/*', undefined]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/how-it-works?x=1',
        headers: { ...host('harbor'), ...(accept ? { accept } : {}) },
      });
      expect(res.statusCode, `accept ${accept}`).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>How it works | Harbor Rewards Dining</title>');
      expect(res.body).toContain('<link rel="icon" href="/favicon.svg"');
      expect(res.body).toContain('id="mb-bootstrap"');
    }
  });

  it('answers 404 with the same shell (the app shows Not Found) for an address no route of the partner takes', async () => {
    const status = async (partner: string, url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { ...host(partner), accept: 'text/html' } })).statusCode;
    // (A merchant's or an earn detail's page answers 404 when there is no such merchant or entry:
    // tests/server/pages-say-what-they-are.test.ts, on a seeded database.)
    for (const url of ['/', '/search?q=x', '/how-it-works', '/account/overview/']) {
      expect(await status('skyline', url), url).toBe(200);
    }
    expect(await status('skyline', '/no/such/page')).toBe(404);
    expect(await status('skyline', '/merchants')).toBe(404);
    // Routes a partner's configuration closes: openplate has no enrolment, harbor no password recovery.
    expect(await status('openplate', '/login')).toBe(404);
    expect(await status('openplate', '/account/overview')).toBe(404);
    expect(await status('harbor', '/recover')).toBe(404);
    expect(await status('metro', '/discover')).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page', headers: { ...host('harbor'), accept: 'text/html' } });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('id="mb-bootstrap"');
  });

  it("GET /api/bootstrap (the dev server's source) answers exactly what the shell inlines", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { ...host('harbor'), accept: 'text/html' } });
    const inlined = JSON.parse(
      /<script id="mb-bootstrap" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(page.body)?.[1] ?? 'null',
    ) as unknown;
    const api = await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: host('harbor') });
    expect(api.statusCode).toBe(200);
    expect(api.json()).toEqual(inlined);
    // The client checks what it reads against the same schema and reports mismatches.
    expect(validateApiBootstrap(inlined), JSON.stringify(validateApiBootstrap.errors)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/bootstrap?preview=maybe', headers: host('harbor') })).statusCode).toBe(400);
  });

  it("lists every partner page in the bootstrap's checked layouts (partner files are valid), so the client needs no validators", async () => {
    for (const partner of ['harbor', 'skyline', 'openplate']) {
      const bootstrap = (await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: host(partner) })).json<{
        partner: { pages: Record<string, unknown> };
        checkedLayouts: string[];
      }>();
      const pages = Object.keys(bootstrap.partner.pages);
      expect(pages.length, partner).toBeGreaterThan(3);
      expect(bootstrap.checkedLayouts, partner).toEqual(expect.arrayContaining(pages.map((name) => `pages/${name}`)));
    }
  });

  it('still serves the page when one CMS group fails to load, leaving that group out for the client to fetch', async () => {
    const cache = cmsCacheFor(t.db);
    const original = cache.published.bind(cache);
    const spy = vi
      .spyOn(cache, 'published')
      .mockImplementation((partnerId, group, paging) =>
        group === 'popup' ? Promise.reject(new Error('connection reset')) : original(partnerId, group, paging),
      );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { ...host('skyline'), accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      const json = /<script id="mb-bootstrap" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(res.body)?.[1];
      const bootstrap = JSON.parse(json ?? 'null') as { cms: Record<string, unknown> };
      expect(Object.keys(bootstrap.cms)).not.toContain('popup');
      expect(Object.keys(bootstrap.cms)).toContain('home');
    } finally {
      spy.mockRestore();
    }
  });

  it('answers a JSON 404 for unknown API calls and missing files, never the shell', async () => {
    for (const url of ['/api/NoSuchThing', '/images/missing.png', '/assets/gone.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...host('skyline'), accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404 });
    }
  });

  it('serves a favicon in the partner colours', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico', headers: host('skyline') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    const skylineIcon = res.body;
    const harborIcon = (await t.app.inject({ method: 'GET', url: '/favicon.svg', headers: host('harbor') })).body;
    expect(skylineIcon).toMatch(/^<svg /);
    expect(harborIcon).not.toBe(skylineIcon);
  });
});
