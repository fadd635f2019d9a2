// CMS links (issue 11): navigation, footer, announcement and banner links accept https:, http:,
// mailto:, tel: and relative paths only; anything else is refused on save with the JSON pointer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, EDITOR_COOKIE, EDITOR_SESSION_MS } from '#server/sessions.ts';
import { cookieJar, createTestApp, csrfFor, host, type TestApp } from './helpers.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.db.query<{ id: number }>(`select id from cms_editors where partner_id = 'greenleaf'`);
  const session = await createSession(t.db, { partnerId: 'greenleaf', kind: 'editor', subjectId: rows[0]!.id, ttlMs: EDITOR_SESSION_MS });
  const jar = cookieJar();
  jar.set(EDITOR_COOKIE, session.id);
  const token = await csrfFor(t.app, 'greenleaf', jar);
  headers = { ...host('greenleaf'), cookie: jar.header(), 'x-xsrf-token': token };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const footer = (url: string) => ({
  name: 'Footer',
  fields: {
    primary_links: [{ text: 'Find restaurants', url: '/search' }],
    secondary_links: [
      { text: 'Terms', url: '/terms' },
      { text: 'Prize', url },
    ],
    copyright: '© Greenleaf',
  },
});

describe('links in CMS entries', () => {
  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    '//evil.example/x',
  ])('refuses %j on save with the pointer, and keeps the draft as it was', async (url) => {
    const before = await t.app.inject({ method: 'GET', url: '/api/cms/editor/entries/*/footer', headers });
    const res = await t.app.inject({ method: 'PUT', url: '/api/cms/editor/entries/*/footer', headers, payload: footer(url) });
    expect(res.statusCode).toBe(422);
    expect(res.json().problems).toEqual([{ pointer: '/fields/secondary_links/1/url', message: expect.stringMatching(/https:.*relative/) }]);
    const after = await t.app.inject({ method: 'GET', url: '/api/cms/editor/entries/*/footer', headers });
    expect(after.body).toBe(before.body);
  });

  it.each([
    'https://example.com/prize',
    'http://example.com',
    'mailto:help@example.com',
    'tel:+18005550100',
    '/earn/prize',
    'earn/prize',
    '#top',
  ])('accepts %j', async (url) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/cms/editor/entries/*/footer', headers, payload: footer(url) });
    expect(res.statusCode).toBe(200);
  });

  it('checks banner and announcement links too', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cms/editor/entries/announcement_banner/evil',
      headers,
      payload: { name: 'Evil', fields: { content: [{ type: 'link', text: 'Win', url: 'javascript:alert(1)' }] } },
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().problems)).toContain('/url');
  });

  it('refuses an in-app link prop that leaves the site (/\\host) in a page layout', async () => {
    const entry = await t.app.inject({ method: 'GET', url: '/api/cms/editor/entries/home/page-layout', headers });
    expect(entry.statusCode).toBe(200);
    const current = entry.json() as { name: string; draft: unknown; published: unknown };
    const layout = JSON.parse(JSON.stringify(current.draft ?? current.published)) as {
      blocks: Record<string, { type: string; props?: Record<string, unknown> }>;
    };
    const [id, block] = Object.entries(layout.blocks).find(([, b]) => b.type === 'browse-link')!;
    block.props = { ...block.props, to: '/\\evil.example' };
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cms/editor/entries/home/page-layout',
      headers,
      payload: { name: current.name, fields: layout },
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().problems)).toContain(`/fields/blocks/${id}/props/to`);
  });
});
