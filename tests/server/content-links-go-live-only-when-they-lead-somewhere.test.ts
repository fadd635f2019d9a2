// CMS links (#shared/cms-links.ts, the one rule of the editor and the API): https:/http: with a host,
// mailto:, tel:, or a path of this site that the partner's routes, merchants and earn pages answer.
// A draft with a bad link is kept (no edit is lost) with the problem at its pointer; it cannot go live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, EDITOR_COOKIE, EDITOR_SESSION_MS } from '#server/sessions.ts';
import { cookieJar, createTestApp, csrfFor, host, type TestApp } from './helpers.ts';

let t: TestApp;
let headers: Record<string, string>;
let merchantId: string;
beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.db.query<{ id: number }>(`select id from cms_editors where partner_id = 'greenleaf'`);
  const session = await createSession(t.db, { partnerId: 'greenleaf', kind: 'editor', subjectId: rows[0]!.id, ttlMs: EDITOR_SESSION_MS });
  const jar = cookieJar();
  jar.set(EDITOR_COOKIE, session.id);
  const token = await csrfFor(t.app, 'greenleaf', jar);
  headers = { ...host('greenleaf'), cookie: jar.header(), 'x-xsrf-token': token };
  merchantId = (await t.db.query<{ id: string }>('select id from merchants order by id limit 1')).rows[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const FOOTER = '/api/cms/editor/entries/*/footer';
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

const liveFooterLinks = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/cms/pages/*/?page_size=100', headers: host('greenleaf') });
  return JSON.stringify((res.json().data as Array<{ slug: string; fields: unknown }>).find((p) => p.slug === 'footer')?.fields);
};

/** Saves the footer with one link and tries to publish it. */
async function saveAndPublish(url: string) {
  const saved = await t.app.inject({ method: 'PUT', url: FOOTER, headers, payload: footer(url) });
  const published = await t.app.inject({ method: 'POST', url: `${FOOTER}/publish`, headers, payload: {} });
  return { saved, published };
}

describe('links in CMS entries', () => {
  it.each([
    ['www.skyline.example/how-it-works', /needs https:\/\/ in front \(https:\/\/www\.skyline\.example\/how-it-works\)/],
    ['https://', /not a web address|needs a host/],
    ['https://exa mple.com', /not a web address/],
    ['/no-such-page', /not a page of this site: \/no-such-page would show Not Found/],
    ['/merchants/no-such-merchant', /no merchant "no-such-merchant"/],
    ['/earn/no-such-offer', /not a live earn page/],
    ['earn/prize', /must start with https:\/\/, mailto:, tel: or \//],
    ['#top', /must start with/],
    ['mailto:', /email address/],
    ['javascript:alert(1)', /https:, http:, mailto: or tel:/],
    [' JaVaScRiPt:alert(1)', /https:, http:, mailto: or tel:/],
    ['java\tscript:alert(1)', /https:, http:, mailto: or tel:/],
    ['data:text/html,<script>alert(1)</script>', /https:, http:, mailto: or tel:/],
    ['//evil.example/x', /leaves this site/],
  ])('keeps %j in the draft with its problem, and refuses to publish it naming group, entry and pointer', async (url, message) => {
    const before = await liveFooterLinks();
    const { saved, published } = await saveAndPublish(url);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().draft.secondary_links[1].url).toBe(url);
    expect(saved.json().problems).toEqual([{ pointer: '/secondary_links/1/url', message: expect.stringMatching(message) }]);
    expect(published.statusCode).toBe(422);
    expect(published.json()).toMatchObject({
      code: 'invalid',
      problems: [{ content_name: '*', slug: 'footer', pointer: '/secondary_links/1/url', message: expect.stringMatching(message) }],
    });
    expect(published.json().message).toMatch(/^Nothing was published: Footer \(global\/footer\) \/secondary_links\/1\/url /);
    expect(await liveFooterLinks()).toBe(before);
  });

  it.each([
    'https://example.com/prize',
    'http://example.com',
    'mailto:help@example.com',
    'tel:+18005550100',
    '/search?cuisine=thai',
    '/earn/new-member-bonus',
    '/how-it-works#steps',
  ])('publishes %j', async (url) => {
    const { saved, published } = await saveAndPublish(url);
    expect(saved.json().problems).toEqual([]);
    expect(published.statusCode).toBe(200);
    expect(await liveFooterLinks()).toContain(url);
  });

  it('publishes a link to a merchant that exists', async () => {
    const { published } = await saveAndPublish(`/merchants/${merchantId}`);
    expect(published.statusCode).toBe(200);
  });

  it('checks banner, announcement and layout links too', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cms/editor/entries/announcement_banner/evil',
      headers,
      payload: { name: 'Evil', fields: { banner_copy: [{ type: 'link', copy: 'Win', url: 'javascript:alert(1)' }] } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().problems.map((p: { pointer: string }) => p.pointer)).toEqual(['/banner_copy/0/url']);

    const entry = await t.app.inject({ method: 'GET', url: '/api/cms/editor/entries/home/page-layout', headers });
    const current = entry.json() as { name: string; draft: unknown; published: unknown };
    const layout = JSON.parse(JSON.stringify(current.draft ?? current.published)) as {
      blocks: Record<string, { type: string; props?: Record<string, unknown> }>;
    };
    const [id, block] = Object.entries(layout.blocks).find(([, b]) => b.type === 'browse-link')!;
    block.props = { ...block.props, to: '/\\evil.example' };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/cms/editor/entries/home/page-layout',
      headers,
      payload: { fields: layout },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().problems.map((p: { pointer: string }) => p.pointer)).toContain(`/blocks/${id}/props/to`);
    const published = await t.app.inject({ method: 'POST', url: '/api/cms/editor/entries/home/page-layout/publish', headers, payload: {} });
    expect(published.statusCode).toBe(422);
    expect(published.json().message).toContain(`(home/page-layout) /blocks/${id}/props/to`);
  });
});
