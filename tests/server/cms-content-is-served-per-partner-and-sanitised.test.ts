// The member read API GET /api/cms/pages/{contentName}/ (spec 000 §7) in the ButterCMS pages shape.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CMS_CONTENT_NAMES, cmsGroupOf } from '#shared/cms.ts';
import { validateApiCmsPages } from '#shared/generated/validators.js';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/env.ts';
import { seedEditors } from '#server/seed/editors.ts';
import { sanitizeCmsHtml } from '#server/cms-sanitize.ts';
import { cookieJar, createTestApp, csrfFor, host, root, type TestApp } from './helpers.ts';

let t: TestApp;
let previewApp: FastifyInstance | undefined;
let previewPartnersDir: string | undefined;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedEditors(t.db, ['skyline']);
  // A second app on the same database whose skyline config turns cmsPreview on (a staging site).
  previewPartnersDir = mkdtempSync(join(tmpdir(), 'cms-test-partners-'));
  cpSync(join(root, 'partners'), previewPartnersDir, { recursive: true });
  const file = join(previewPartnersDir, 'skyline/partner.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), cmsPreview: true }));
  previewApp = await buildApp({
    config: loadConfig({ PORT: '0', DATA_DIR: 'memory://', PARTNERS_DIR: previewPartnersDir }, root),
    db: t.db,
  });
  await previewApp.ready();
});
afterAll(async () => {
  await previewApp?.close();
  await t?.close();
  if (previewPartnersDir) rmSync(previewPartnersDir, { recursive: true, force: true });
});

function stagingApp(): FastifyInstance {
  if (!previewApp) throw new Error('the cmsPreview app did not start');
  return previewApp;
}

/** Writes an entry straight to the database, as the seed or another server instance would. */
async function store(
  partner: string,
  group: string,
  slug: string,
  content: { published?: Record<string, unknown>[]; draft?: Record<string, unknown> },
) {
  await t.db.query(
    `insert into cms_entries (partner_id, grp, slug, name, draft, draft_updated_at) values ($1, $2, $3, $4, $5, now())
     on conflict (partner_id, grp, slug) do update set draft = excluded.draft`,
    [partner, group, slug, `Entry ${slug}`, content.draft ? JSON.stringify(content.draft) : null],
  );
  for (const fields of content.published ?? []) {
    await t.db.query(
      `insert into cms_versions (partner_id, grp, slug, version, fields, published_by)
       select $1, $2, $3, coalesce(max(version), 0) + 1, $4, 'test' from cms_versions where partner_id = $1 and grp = $2 and slug = $3`,
      [partner, group, slug, JSON.stringify(fields)],
    );
  }
}

async function get(partner: string, path: string, opts: { cookie?: string; app?: FastifyInstance } = {}) {
  return (opts.app ?? t.app).inject({
    method: 'GET',
    url: path,
    headers: { ...host(partner), ...(opts.cookie ? { cookie: opts.cookie } : {}) },
  });
}

const url = (name: string, query = 'page_size=100') => `/api/cms/pages/${encodeURIComponent(name)}/?${query}`;

describe('GET /api/cms/pages/{contentName}/', () => {
  it('answers all eleven content names in the ButterCMS pages shape', async () => {
    for (const name of CMS_CONTENT_NAMES)
      await store('greenleaf', cmsGroupOf(name), `shape-${cmsGroupOf(name)}`, { published: [{ marker: name }] });
    for (const name of CMS_CONTENT_NAMES) {
      const res = await get('greenleaf', url(name));
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = res.json();
      expect(validateApiCmsPages(body), JSON.stringify(validateApiCmsPages.errors)).toBe(true);
      expect(body.meta).toEqual({ count: 1, previous_page: null, next_page: null });
      expect(body.data[0]).toMatchObject({
        slug: `shape-${cmsGroupOf(name)}`,
        name: `Entry shape-${cmsGroupOf(name)}`,
        page_type: cmsGroupOf(name),
        status: 'published',
        version: 1,
        fields: { marker: name },
      });
      expect(Date.parse(body.data[0].published)).not.toBeNaN();
    }
    // Content belongs to one partner.
    expect((await get('openplate', url('popup'))).json()).toEqual({ meta: { count: 0, previous_page: null, next_page: null }, data: [] });
  });

  it('answers 404 for an unknown content name', async () => {
    const res = await get('skyline', url('footer'));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Not Found');
  });

  it('pages through a group', async () => {
    for (const slug of ['a', 'b', 'c', 'd', 'e']) await store('harbor', 'earn_banner', slug, { published: [{ text: [slug] }] });
    const page = async (query: string) => (await get('harbor', url('earn_banner', query))).json();
    const first = await page('page_size=2');
    expect(first.meta).toEqual({ count: 5, previous_page: null, next_page: 2 });
    expect(first.data.map((p: { slug: string }) => p.slug)).toEqual(['a', 'b']);
    const second = await page('page_size=2&page=2');
    expect(second.meta).toEqual({ count: 5, previous_page: 1, next_page: 3 });
    expect(second.data.map((p: { slug: string }) => p.slug)).toEqual(['c', 'd']);
    const last = await page('page_size=2&page=3');
    expect(last.meta).toEqual({ count: 5, previous_page: 2, next_page: null });
    expect(last.data.map((p: { slug: string }) => p.slug)).toEqual(['e']);
    const beyond = await page('page_size=2&page=9');
    expect(beyond.meta.count).toBe(5);
    expect(beyond.data).toEqual([]);
    expect((await page('page_size=100')).data).toHaveLength(5);
    expect((await get('harbor', url('earn_banner', 'page_size=101'))).statusCode).toBe(400);
  });

  it('serves drafts only to editors of the partner or partners with cmsPreview', async () => {
    await store('skyline', 'sidebar', 'faq', { published: [{ page_text: '<p>live</p>' }], draft: { page_text: '<p>draft</p>' } });
    await store('skyline', 'sidebar', 'unreleased', { draft: { page_text: '<p>new</p>' } });
    const texts = (res: { json(): { data: Array<{ slug: string; status: string; fields: { page_text: string } }> } }) =>
      Object.fromEntries(res.json().data.map((p) => [p.slug, `${p.status}:${p.fields.page_text}`]));

    expect(texts(await get('skyline', url('sidebar')))).toEqual({ faq: 'published:<p>live</p>' });
    // Anonymous ?preview=1 falls back to the published content.
    expect(texts(await get('skyline', url('sidebar', 'page_size=100&preview=1')))).toEqual({ faq: 'published:<p>live</p>' });

    const jar = cookieJar();
    const token = await csrfFor(t.app, 'skyline', jar);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/cms/editor/session',
      headers: { ...host('skyline'), cookie: jar.header(), 'x-xsrf-token': token },
      payload: { email: 'editor@skyline.example', password: 'editor-skyline-2026' },
    });
    jar.store(signIn);
    const asEditor = await get('skyline', url('sidebar', 'page_size=100&preview=1'), { cookie: jar.header() });
    expect(texts(asEditor)).toEqual({ faq: 'draft:<p>draft</p>', unreleased: 'draft:<p>new</p>' });
    expect(asEditor.headers['cache-control']).toContain('no-store');
    expect(asEditor.json().meta.count).toBe(2);
    // Without ?preview=1 an editor sees what members see.
    expect(texts(await get('skyline', url('sidebar'), { cookie: jar.header() }))).toEqual({ faq: 'published:<p>live</p>' });

    // A partner configured with cmsPreview shows drafts to everyone who asks for them.
    expect(texts(await get('skyline', url('sidebar', 'page_size=100&preview=1'), { app: stagingApp() }))).toEqual({
      faq: 'draft:<p>draft</p>',
      unreleased: 'draft:<p>new</p>',
    });
    expect(texts(await get('skyline', url('sidebar'), { app: stagingApp() }))).toEqual({ faq: 'published:<p>live</p>' });
  });

  it('sanitises HTML fields of stored content on read', async () => {
    await store('metro', 'popup', 'legacy', {
      published: [
        {
          title: 'Hi <script>',
          body_text:
            '<p onmouseover="x()">Hello</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="mailto:help@metro.example">mail</a>',
        },
      ],
    });
    await store('metro', 'account_center', 'refer', {
      published: [
        {
          referral_link: {
            is_enabled: true,
            title: 'Refer',
            description: '<img src="javascript:alert(1)"><style>*{}</style><em>Invite</em>',
          },
        },
      ],
    });
    const popup = (await get('metro', url('popup'))).json().data[0].fields;
    expect(popup.body_text).toBe('<p>Hello</p><a>x</a><a href="mailto:help@metro.example">mail</a>');
    expect(popup.title).toBe('Hi <script>');
    const refer = (await get('metro', url('account_center'))).json().data[0].fields;
    expect(refer.referral_link.description).toBe('<img /><em>Invite</em>');
  });

  it('caches published content for a second, and a publish through the editor API shows at once', async () => {
    await store('openplate', 'sidebar', 'promo', { published: [{ page_text: 'one' }] });
    const body = async () => (await get('openplate', url('sidebar'))).json().data[0]?.fields.page_text;
    const filledAfter = Date.now();
    expect(await body()).toBe('one');
    // Another instance publishing straight into the shared database: this instance's cache still
    // answers, until the entry expires after one second.
    await store('openplate', 'sidebar', 'promo', { published: [{ page_text: 'two' }] });
    const stale = await body();
    // On a very slow machine the second may already be over; then only the refresh is checked.
    if (Date.now() - filledAfter < 1000) expect(stale).toBe('one');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await body()).toBe('two');

    // A publish in this process invalidates at once.
    await seedEditors(t.db, ['openplate']);
    const jar = cookieJar();
    const token = await csrfFor(t.app, 'openplate', jar);
    const headers = () => ({ ...host('openplate'), cookie: jar.header(), 'x-xsrf-token': jar.csrf() ?? token });
    jar.store(
      await t.app.inject({
        method: 'POST',
        url: '/api/cms/editor/session',
        headers: headers(),
        payload: { email: 'editor@openplate.example', password: 'editor-openplate-2026' },
      }),
    );
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/cms/editor/entries/sidebar/promo',
      headers: headers(),
      payload: { fields: { page_text: 'three' } },
    });
    expect(save.statusCode).toBe(200);
    expect(await body()).toBe('two');
    const publish = await t.app.inject({ method: 'POST', url: '/api/cms/editor/entries/sidebar/promo/publish', headers: headers() });
    expect(publish.statusCode).toBe(200);
    expect(await body()).toBe('three');
  });
});

describe('sanitizeCmsHtml', () => {
  it('keeps formatting, lists, headings, safe links and images', () => {
    const html =
      '<h3>Title</h3><p><strong>b</strong> <em>i</em> <u>u</u></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<a href="/earn/bonus">rel</a><a href="https://x.example/a?b=1&amp;c=2">abs</a><a href="mailto:a@x.example">m</a>' +
      '<a href="tel:+18005550111">t</a><img src="/media/a.png" alt="A"><img src="https://x.example/b.png" alt="B" />';
    expect(sanitizeCmsHtml(html)).toBe(html.replace('alt="A">', 'alt="A" />'));
  });

  it('removes what could run code or leave the site unannounced', () => {
    const out = sanitizeCmsHtml(
      '<a href="//evil.example/x">pr</a><a href=" JaVaScRiPt:alert(1)">js</a><a href="vbscript:x">vb</a>' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="d"><svg><script>alert(1)</script></svg><object data="x"></object>' +
        '<form action="/x"><input name="q"></form><div style="background:url(javascript:x)">s</div>',
    );
    expect(out).toBe('<a>pr</a><a>js</a><a>vb</a><img alt="d" /><div>s</div>');
  });

  it('is stable: sanitising twice changes nothing', () => {
    const once = sanitizeCmsHtml('<p title="x">Tom & Jerry < 3 <a href="/a" target="_blank">go</a></p>');
    expect(sanitizeCmsHtml(once)).toBe(once);
    expect(once).toContain('rel="noopener noreferrer"');
  });
});
