// Security headers (README "Security"): a strict CSP on every HTML page, naming the inlined theme
// and bootstrap elements by the SHA-256 of their text; the app may not be framed, while the providers' card
// frame and captcha widget may be framed by the partner origin that asked for them only; nosniff,
// referrer and permissions policies everywhere; HSTS on HTTPS requests when configured.
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { tileCspSource, DEFAULT_TILE_URL } from '#shared/map-tiles.ts';
import { createTestApp, stubClientDir, host, type TestApp } from './helpers.ts';
import { providersFor } from './auth-helpers.ts';

let t: TestApp;
let providers: FastifyInstance;
let clientDir: string;
const PROVIDERS = 'https://providers.example.test';

beforeAll(async () => {
  // A stand-in for the built client: the shell's template is all the HTML route reads.
  clientDir = stubClientDir({
    'index.html':
      '<!doctype html><html><head><title>Menuboard</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  });
  t = await createTestApp({ seed: false, env: { CLIENT_DIR: clientDir, PROVIDERS_ORIGIN: PROVIDERS, HSTS_MAX_AGE: '86400' } });
  providers = await providersFor(t);
});
afterAll(async () => {
  await providers?.close();
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The directives of a CSP header, by name. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const page = (url = '/login', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...host('skyline'), accept: 'text/html', ...headers } });

describe('the app page', () => {
  it('has a CSP naming the inline theme and bootstrap by the hash of their text, and no other inline element', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const theme = /<style id="mb-theme">(.*?)<\/style>/s.exec(res.body)?.[1];
    const bootstrap = /<script id="mb-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(theme).toContain('--');
    expect(bootstrap).toContain('"partner"');
    expect(csp.get('style-src')).toEqual(["'self'", sha256(theme!)]);
    expect(csp.get('script-src')).toEqual(["'self'", sha256(bootstrap!), PROVIDERS]);
    // The only inline elements are those two: every other script comes from this origin.
    const inlineScripts = [...res.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0]);
    expect(inlineScripts).toEqual(['<script id="mb-bootstrap" type="application/json">']);
    expect([...res.body.matchAll(/<style\b[^>]*>/g)].map((m) => m[0])).toEqual(['<style id="mb-theme">']);
  });

  it("names another partner's theme by its own hash", async () => {
    const skyline = directives((await page()).headers['content-security-policy']).get('style-src');
    const harbor = directives((await page('/login', host('harbor'))).headers['content-security-policy']).get('style-src');
    expect(harbor).toHaveLength(2);
    expect(harbor).not.toEqual(skyline);
  });

  it("allows only this origin, the inline elements' hashes and the providers origin to run code: no eval, no inline script", async () => {
    const csp = directives((await page('/')).headers['content-security-policy']);
    const scripts = csp.get('script-src')!;
    expect(scripts.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'", PROVIDERS]);
    expect(csp.get('style-src')!.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'"]);
    expect([...csp.values()].flat().some((s) => s.startsWith("'nonce-"))).toBe(false);
    const all = [...csp.values()].flat();
    expect(all).not.toContain("'unsafe-eval'");
    expect(all).not.toContain("'unsafe-inline'");
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
  });

  it('frames only the providers (card frame, captcha, survey), loads tiles from the map server, and is framed by nobody', async () => {
    const res = await page('/search');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('frame-src')).toEqual([PROVIDERS]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', tileCspSource(DEFAULT_TILE_URL)]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends nosniff, a referrer policy and a permissions policy allowing geolocation to this origin only', async () => {
    for (const res of [await page(), await t.app.inject({ method: 'GET', url: '/api/CSRF', headers: host('skyline') })]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
      expect(res.headers['permissions-policy']).toContain('camera=()');
    }
    // JSON answers are not pages: no page policy on them.
    const api = await t.app.inject({ method: 'GET', url: '/api/CSRF', headers: host('skyline') });
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});

describe('curl -I (HEAD)', () => {
  it('shows the page headers, policy included', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/', headers: { ...host('skyline'), accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('HSTS', () => {
  it('is sent on a request that came over HTTPS (through a trusted proxy), with the configured max-age', async () => {
    const res = await page('/', { 'x-forwarded-proto': 'https' });
    expect(res.headers['strict-transport-security']).toBe('max-age=86400');
  });

  it('is not sent over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    expect((await page('/')).headers['strict-transport-security']).toBeUndefined();
    const untrusted = await t.app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '203.0.113.9',
      headers: { ...host('skyline'), accept: 'text/html', 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('is off with HSTS_MAX_AGE=0', async () => {
    const off = await createTestApp({ seed: false, env: { CLIENT_DIR: clientDir, HSTS_MAX_AGE: '0' } });
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/',
        headers: { ...host('skyline'), accept: 'text/html', 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await off.close();
    }
  }, 60_000);
});

describe('the providers origin', () => {
  const APP = 'http://skyline.localhost:3000';

  it('lets only the partner origin that asked frame the card frame and the captcha widget', async () => {
    for (const url of [`/card-frame?types=VISA&parent=${encodeURIComponent(APP)}`, `/captcha/widget?parent=${encodeURIComponent(APP)}`]) {
      const res = await providers.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('frame-ancestors'), url).toEqual([APP]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses a parent outside the partner hosts, and that page is not framable by it', async () => {
    const res = await providers.inject({ method: 'GET', url: `/card-frame?parent=${encodeURIComponent('https://evil.example')}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-security-policy']).not.toContain('evil.example');
  });

  it('gives its other pages a policy that nobody may frame', async () => {
    const res = await providers.inject({ method: 'GET', url: '/' });
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
