// The busiest answers, the page every anonymous visitor of a partner gets and a cached CMS answer,
// are made once per content and sent as ready bytes in the encoding each browser accepts
// (src/server/encoded-body.ts): every encoding decodes to the same bytes, a refresh that finds the
// same content keeps the page, and changed content makes a new one.
import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TTL_MS } from '#server/cms-cache.ts';
import { createTestApp, stubClientDir, host, type TestApp } from './helpers.ts';

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = stubClientDir({
    'index.html':
      '<!doctype html><html><head><title>Menuboard</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  });
  t = await createTestApp({ env: { CLIENT_DIR: clientDir } });
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...host('harbor'), accept: 'text/html', ...headers } });

function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("an anonymous visitor's page", () => {
  it('is the same page in every encoding a browser accepts, with one ETag and one policy', async () => {
    const plain = await get('/');
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    const refusesBr = await get('/', { 'accept-encoding': 'br;q=0, gzip' });
    expect([plain, br, gzip, refusesBr].map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect([br, gzip, refusesBr].map((r) => r.headers['content-encoding'])).toEqual(['br', 'gzip', 'gzip']);
    for (const res of [plain, br, gzip, refusesBr]) {
      expect(decoded(res)).toBe(plain.body);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(plain.body).toContain('id="mb-bootstrap"');
  });

  it('stays the same page while the content is unchanged, and shows a change once the cache refreshes', async () => {
    const before = await get('/');
    await sleep(TTL_MS + 100);
    // The cache read the database again and found the same content: the same page.
    const unchanged = await get('/');
    expect(unchanged.headers.etag).toBe(before.headers.etag);

    // Another instance publishes a new announcement straight into the shared database.
    await t.db.query(
      `insert into cms_entries (partner_id, grp, slug, name) values ('harbor', 'announcement_banner', 'made-once', 'Made once')
       on conflict (partner_id, grp, slug) do nothing`,
    );
    await t.db.query(
      `insert into cms_versions (partner_id, grp, slug, version, fields, published_by)
       values ('harbor', 'announcement_banner', 'made-once', 1, $1, 'test')`,
      [JSON.stringify({ message: 'Harbor lounges reopen on Friday' })],
    );
    await sleep(TTL_MS + 100);
    const changed = await get('/', { 'accept-encoding': 'br' });
    expect(changed.headers.etag).not.toBe(before.headers.etag);
    expect(decoded(changed)).toContain('Harbor lounges reopen on Friday');
  });
});

describe('a cached CMS answer', () => {
  it('is the same JSON in every encoding, and small answers go as they are', async () => {
    const url = '/api/cms/pages/home/?page_size=100';
    const plain = await get(url, { accept: 'application/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await get(url, { accept: 'application/json', 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
    }
    const small = await get('/api/cms/pages/home/?page_size=1&page=1000', { accept: 'application/json', 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ data: [] });
  });
});
