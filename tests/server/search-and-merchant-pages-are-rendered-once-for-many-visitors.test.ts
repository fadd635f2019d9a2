// A popular merchant's page or search is rendered once for every anonymous visitor in its 30 s
// (the time a CDN may share it anyway), not once per visitor: kept by its whole address in a small
// map of its own, so a stranger's endless odd addresses churn only that map (src/server/routes/web.ts,
// PER_ADDRESS_PAGES). What the server renders is seen through its own API calls in the request log.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturedLog, createTestApp, renderingClientDir, host, type TestApp } from './helpers.ts';
import { session, signIn } from './auth-helpers.ts';

const { stream: logStream, lines: logged } = capturedLog();

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = renderingClientDir();
  t = await createTestApp({ env: { CLIENT_DIR: clientDir }, logger: { level: 'info', stream: logStream } });
  // Every request is written: the log's budget of lines a second (plugins/request-log.ts) would
  // count a quick burst's calls instead, and a render would go unseen (it failed CI that way).
  vi.spyOn(t.app.requestLog, 'mayWrite').mockReturnValue(true);
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, partner = 'harbor') =>
  t.app.inject({ method: 'GET', url, headers: { ...host(partner), accept: 'text/html', ...headers } });
/** How many times the server asked its own API for this merchant (once per render of its page). */
const rendersOf = (id: string) =>
  logged
    .map((line) => line.url)
    .filter((url): url is string => typeof url === 'string')
    .filter((url) => url.startsWith(`/api/v2/Merchants/${id}`) && !url.includes('Reviews')).length;

describe('search and merchant pages for anonymous visitors', () => {
  it('a merchant page is rendered once for many visitors, and made again once a stranger has asked for 64 other addresses', async () => {
    const first = await get('/merchants/10006');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Cartagena Kitchen');
    const rendered = rendersOf('10006');
    expect(rendered).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      const again = await get('/merchants/10006');
      expect(again.statusCode).toBe(200);
      expect(again.body === first.body, 'the very page made for the first visitor').toBe(true);
    }
    expect(rendersOf('10006')).toBe(rendered);

    // 64 odd search addresses (each its own page) push it out of the map: the next visitor's page is made again.
    for (let i = 0; i < 64; i++) expect((await get(`/search?odd=${i}`)).statusCode).toBe(200);
    expect((await get('/merchants/10006')).statusCode).toBe(200);
    expect(rendersOf('10006')).toBe(2 * rendered);
  });

  it('a signed-in member is rendered their own page every time, never the kept one', async () => {
    const s = await session(t.app, 'skyline');
    expect((await signIn(t.app, s, 'card0@skyline.example')).statusCode).toBe(200);
    const before = rendersOf('10013');
    await get('/merchants/10013', {}, 'skyline');
    const anonymous = rendersOf('10013') - before;
    for (let i = 0; i < 2; i++) {
      const res = await get('/merchants/10013', { cookie: s.jar.header() }, 'skyline');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    expect(rendersOf('10013') - before).toBe(3 * anonymous);
  });
});
