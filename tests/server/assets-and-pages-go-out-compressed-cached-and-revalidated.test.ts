// Delivery: what a browser gets over the wire. Hashed assets precompressed (brotli or
// gzip by Accept-Encoding) and cached for a year; the page and API answers compressed on the fly;
// the page revalidated every load (no-cache + ETag, 304 when unchanged); no source map served; the
// signed-in member (or null) inlined, so the client never asks GET /api/Member on start.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../tools/vite-precompress.ts';
import { PASSWORD, session, signIn } from './auth-helpers.ts';
import { createTestApp, stubClientDir, host, type TestApp } from './helpers.ts';

let t: TestApp;
let clientDir: string;
// Over the 1 KiB threshold, like every real chunk.
const script = `export const menu = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `dish ${i}`))};\n`;
const asset = '/assets/index-Ab12Cd34.js';

beforeAll(async () => {
  clientDir = stubClientDir({
    'index.html': `<!doctype html><html><head><title>Menuboard</title><script type="module" src="${asset}"></script></head><body><div id="root"></div></body></html>`,
  });
  writeFileSync(join(clientDir, asset), script);
  writeFileSync(join(clientDir, `${asset}.map`), '{"version":3,"sources":["src/client/secret.ts"],"sourcesContent":["// the source"]}');
  // What the build's precompress step writes next to each asset.
  await precompressDir(join(clientDir, 'assets'));
  t = await createTestApp({ env: { CLIENT_DIR: clientDir } });
  // Seeding hashes the demo passwords: slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...host('skyline'), accept: 'text/html', ...headers } });

function bootstrapOf(html: string): { member?: { publicId: string; email?: string } | null } {
  return JSON.parse(/<script id="mb-bootstrap" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
    member?: { publicId: string } | null;
  };
}

describe('hashed assets', () => {
  it('are sent precompressed with brotli or gzip, whichever the browser accepts, and cached for a year', async () => {
    const br = await get(asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get(asset, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get(asset, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never include a source map, even when the build left one behind', async () => {
    const res = await get(`${asset}.map`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('sourcesContent');
  });
});

describe('the page', () => {
  it('is compressed, revalidated on every load, and answers 304 while it has not changed', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('id="mb-bootstrap"');

    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    // Another partner's page is another page.
    const other = await get('/', { ...host('greenleaf'), 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('gzips API answers over 1 KiB for a browser without brotli, and leaves small ones alone', async () => {
    const big = await get('/api/bootstrap', { accept: 'application/json', 'accept-encoding': 'gzip' });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString())).toMatchObject({ partner: { id: 'skyline' } });
    const small = await get('/api/CSRF', { accept: 'application/json', 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('carries null as the member for a visitor nobody signed in as', async () => {
    const res = await get('/');
    expect(bootstrapOf(res.body).member).toBeNull();
  });

  it('carries the signed-in member, as GET /api/Member answers it, and is private to that browser', async () => {
    const s = await session(t.app, 'skyline', '10.9.0.1');
    expect((await signIn(t.app, s, 'card2@skyline.example', PASSWORD)).statusCode).toBe(200);
    const page = await get('/', { cookie: s.jar.header() });
    const api = await t.app.inject({ method: 'GET', url: '/api/Member', headers: s.headers() });
    expect(api.statusCode).toBe(200);
    expect(bootstrapOf(page.body).member).toEqual(api.json());
    expect(page.headers['cache-control']).toBe('private, no-store');
    // Loading a page is member activity: the session slides and its expiry cookie is renewed.
    expect(page.cookies.map((c) => c.name)).toContain('mb_session_expires');

    // The same member on another partner's host is nobody there.
    const elsewhere = await get('/', { ...host('greenleaf'), cookie: s.jar.header() });
    expect(bootstrapOf(elsewhere.body).member).toBeNull();
  });
});
