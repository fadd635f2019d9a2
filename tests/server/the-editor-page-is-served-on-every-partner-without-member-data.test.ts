// The page editor's HTML (/editor): served on every partner host from its own built entry,
// with the member shell's security headers and the partner's editor copy, and never any member data;
// its preview frame's framing rule; the per-block impressions its outline shows.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEditors } from '#server/seed/editors.ts';
import { recordImpressions } from '#server/repos/impressions.ts';
import { cookieJar, createTestApp, stubClientDir, csrfFor, host, type TestApp } from './helpers.ts';

let t: TestApp;
let clientDir: string;
beforeAll(async () => {
  clientDir = stubClientDir({
    'index.html': '<!doctype html><html><head><title>Menuboard</title></head><body><div id="root"></div></body></html>',
    'editor.html':
      '<!doctype html><html><head><title>Menuboard editor</title><script type="module" src="/assets/editor-x.js"></script></head><body><div id="root"></div></body></html>',
  });
  t = await createTestApp({ seed: false, env: { CLIENT_DIR: clientDir } });
  await seedEditors(t.db, ['skyline']);
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('/editor', () => {
  it('serves the editor entry at /editor and below, with the partner, its editor copy and a strict CSP', async () => {
    for (const path of ['/editor', '/editor/content/home/page-layout']) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: { ...host('skyline'), accept: 'text/html' } });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('/assets/editor-x.js');
      expect(res.body).not.toContain('id="mb-bootstrap"');
      const csp = String(res.headers['content-security-policy']);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(csp).toContain("frame-ancestors 'none'");
      // Its live preview frames the member app of the same origin.
      expect(csp).toMatch(/frame-src 'self' /);
      expect(csp).not.toMatch(/unsafe-(eval|inline)/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-store');
      const open = `<script id="mb-editor-bootstrap" type="application/json" nonce="${nonce}">`;
      expect(res.body).toContain(open);
      const json = res.body.slice(res.body.indexOf(open) + open.length).split('</script>')[0];
      const bootstrap = JSON.parse(json!) as { partner: { id: string; programName: string }; copy: Record<string, string> };
      expect(bootstrap.partner.id).toBe('skyline');
      expect(bootstrap.copy['editor.signIn.title']).toBeTruthy();
      expect(Object.keys(bootstrap.copy).every((key) => key.startsWith('editor.'))).toBe(true);
    }
  });

  it("keeps the editor's copy out of the member pages' bootstrap", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bootstrap', headers: host('skyline') });
    const body = res.json<{ partner: { copy: Record<string, string> } }>();
    expect(Object.keys(body.partner.copy).length).toBeGreaterThan(50);
    expect(Object.keys(body.partner.copy).some((key) => key.startsWith('editor.'))).toBe(false);
  });

  it("lets only a signed-in editor's preview page be framed, and only by its own origin", async () => {
    const jar = cookieJar();
    const token = await csrfFor(t.app, 'skyline', jar);
    const page = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...host('skyline'), accept: 'text/html', cookie: jar.header() } });
      return { csp: String(res.headers['content-security-policy']), xfo: res.headers['x-frame-options'] };
    };
    expect(await page('/?preview=1')).toMatchObject({ xfo: 'DENY' });
    expect((await page('/?preview=1')).csp).toContain("frame-ancestors 'none'");
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/cms/editor/session',
      headers: { ...host('skyline'), cookie: jar.header(), 'x-xsrf-token': token },
      payload: { email: 'editor@skyline.example', password: 'editor-skyline-2026' },
    });
    expect(signIn.statusCode).toBe(200);
    jar.store(signIn);
    const preview = await page('/?preview=1');
    expect(preview.csp).toContain("frame-ancestors 'self'");
    expect(preview.xfo).toBe('SAMEORIGIN');
    // Without ?preview=1 the page is the member page: framed by nobody.
    const plain = await page('/');
    expect(plain.csp).toContain("frame-ancestors 'none'");
    expect(plain.xfo).toBe('DENY');
  });

  it('GET /api/cms/editor/impressions counts how often members saw each block, for a signed-in editor of the partner only', async () => {
    const now = new Date();
    await recordImpressions(
      t.db,
      'skyline',
      [
        { event: 'block_view', page: '/', blockId: 'hero', memberState: 'anonymous' },
        { event: 'block_view', page: '/', blockId: 'hero', memberState: 'anonymous' },
        { event: 'block_view', page: '/discover', blockId: 'browse', memberState: 'anonymous' },
      ],
      now,
    );
    await recordImpressions(t.db, 'harbor', [{ event: 'block_view', page: '/', blockId: 'hero', memberState: 'anonymous' }], now);
    const jar = cookieJar();
    const token = await csrfFor(t.app, 'skyline', jar);
    const get = () =>
      t.app.inject({ method: 'GET', url: '/api/cms/editor/impressions?days=7', headers: { ...host('skyline'), cookie: jar.header() } });
    expect((await get()).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/cms/editor/session',
      headers: { ...host('skyline'), cookie: jar.header(), 'x-xsrf-token': token },
      payload: { email: 'editor@skyline.example', password: 'editor-skyline-2026' },
    });
    jar.store(signIn);
    const res = await get();
    expect(res.statusCode).toBe(200);
    const body = res.json<{ days: number; blocks: Array<{ page: string; block_id: string; views: number }> }>();
    expect(body.days).toBe(7);
    expect(body.blocks).toEqual(
      expect.arrayContaining([
        { page: '/', block_id: 'hero', member_state: 'anonymous', views: 2, clicks: 0 },
        { page: '/discover', block_id: 'browse', member_state: 'anonymous', views: 1, clicks: 0 },
      ]),
    );
    expect(body.blocks).toHaveLength(2);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/cms/editor/impressions?days=400',
      headers: { ...host('skyline'), cookie: jar.header() },
    });
    expect(bad.statusCode).toBe(400);
  });
});
