// Server rendering (docs/decisions/2026-11-28-server-rendering.md): an anonymous visitor's home,
// earn and content pages arrive with their blocks' text in the HTML, shareable by caches for a short
// while; a signed-in member's page is rendered for them and kept by no cache. The server-render module
// is the source (src/client/server-render.tsx) run by vitest, as the build's ssr/render.js would be.
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

const page = (partner: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...host(partner), accept: 'text/html', ...headers } });

describe('anonymous pages rendered on the server', () => {
  it("GET / carries each partner's home content, frame and links, and caches may share it briefly", async () => {
    const harbor = await page('harbor', '/');
    expect(harbor.statusCode).toBe(200);
    expect(harbor.body.includes('data-server-rendered'), 'data-server-rendered').toBe(true);
    // The CMS layout's blocks (partners/harbor/cms/home.json) and the frame around them.
    expect(rootOf(harbor.body).includes('Three steps to dining rewards'), 'Three steps to dining rewards').toBe(true);
    expect(rootOf(harbor.body).includes('Explore restaurants near you'), 'Explore restaurants near you').toBe(true);
    expect(/<a [^>]*href="\/search"/.test(rootOf(harbor.body)), String(/<a [^>]*href="\/search"/)).toBe(true);
    expect(harbor.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    expect(String(harbor.headers.vary)).toMatch(/cookie/);
    expect(harbor.headers['set-cookie']).toBeUndefined();

    const skyline = await page('skyline', '/');
    expect(skyline.statusCode).toBe(200);
    // Skyline's home is its discover page (partners/skyline/cms/discover.json).
    expect(rootOf(skyline.body).includes('See every SkyDining restaurant'), 'skyline home content').toBe(true);
    expect(rootOf(skyline.body).includes('Three steps to dining rewards')).toBe(false);
    // The browser hydrates it: no inline script but the JSON bootstrap, which the CSP allows by hash.
    for (const res of [harbor, skyline]) expect(res.body.match(/<script(?![^>]*type="application\/json")[^>]*>/g) ?? []).toEqual([]);
  });

  it('rendered markup carries no style attribute, which the CSP would refuse (style-src has no unsafe-inline)', async () => {
    for (const partner of ['skyline', 'harbor', 'greenleaf', 'metro', 'openplate'])
      for (const url of ['/', '/earn', '/how-it-works', '/terms', '/search?location=New%20York', '/merchants/10006']) {
        const res = await page(partner, url);
        if (!res.body.includes('data-server-rendered')) continue;
        expect(rootOf(res.body).match(/<[^>]+\sstyle="[^"]*"/g) ?? [], `${partner} ${url}`).toEqual([]);
      }
  });

  it('earn and how-it-works pages arrive rendered too; Not Found stays the shell', async () => {
    for (const url of ['/earn', '/how-it-works', '/terms']) {
      const res = await page('harbor', url);
      expect(res.body.includes('data-server-rendered'), url).toBe(true);
    }
    // Search and merchant pages: tests/server/search-and-merchant-pages-arrive-with-their-data.test.ts.
    for (const url of ['/no/such/page']) {
      const res = await page('harbor', url);
      expect(res.body.includes('data-server-rendered'), url).toBe(false);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("a signed-in member's pages are rendered for that member, and no cache may keep them", async () => {
    const s = await session(t.app, 'skyline');
    expect((await signIn(t.app, s, 'card0@skyline.example')).statusCode).toBe(200);
    const member = (await t.app.inject({ method: 'GET', url: '/api/Member', headers: s.headers() })).json<{
      firstName: string;
      lastName: string;
    }>();
    for (const url of ['/', '/earn', '/search?location=New%20York', '/merchants/10006']) {
      const res = await page('skyline', url, { cookie: s.jar.header() });
      expect(res.body.includes('data-server-rendered'), url).toBe(true);
      // The header's member menu names the member: this page is theirs alone.
      expect(rootOf(res.body).includes(`${member.firstName} ${member.lastName}`), url).toBe(true);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    // The next anonymous visitor gets the anonymous page: the member's was never kept.
    const anonymous = await page('skyline', '/');
    expect(rootOf(anonymous.body).includes(`${member.firstName} ${member.lastName}`)).toBe(false);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
  });
});
