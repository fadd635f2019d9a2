// The editor's publish check: a draft that promises a feature the partner has switched off (an
// undeclared VIP page on greenleaf, a footer link to metro's missing reservation terms) is refused
// with 422 naming each field by pointer, and nothing goes live; declaring the feature (so members
// without it never see the entry) or rewording lets it publish.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEditors } from '#server/seed/editors.ts';
import { cookieJar, createTestApp, csrfFor, host, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedEditors(t.db, ['greenleaf', 'metro']);
});
afterAll(() => t?.close());

async function editor(partner: string) {
  const jar = cookieJar();
  const token = await csrfFor(t.app, partner, jar);
  const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...host(partner), cookie: jar.header(), 'x-xsrf-token': jar.csrf() ?? token },
      ...(payload ? { payload } : {}),
    });
    jar.store(res);
    return res;
  };
  const signIn = await call('POST', '/api/cms/editor/session', { email: `editor@${partner}.example`, password: `editor-${partner}-2026` });
  expect(signIn.statusCode).toBe(200);
  return call;
}

const published = async (partner: string, group: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/cms/pages/${encodeURIComponent(group)}/?page_size=100`, headers: host(partner) })).json()
    .data as { slug: string }[];

describe('POST /api/cms/editor/entries/{group}/{slug}/publish checks content against partner settings', () => {
  it('refuses an undeclared VIP page on a partner without VIP, then publishes it declared', async () => {
    const call = await editor('greenleaf');
    const url = '/api/cms/editor/entries/earn_details/vip-night';
    const fields = { url: 'vip-night', browser_title: 'VIP night', banner_text: 'Double cash back for VIP members' };
    expect((await call('PUT', url, { name: 'VIP night', fields })).statusCode).toBe(200);
    const refused = await call('POST', `${url}/publish`, {});
    expect(refused.statusCode).toBe(422);
    const problems = (refused.json() as { problems: { pointer: string; message: string }[] }).problems;
    expect(problems.map((p) => p.pointer).sort()).toEqual(['/banner_text', '/browser_title']);
    expect(problems[0]?.message).toBe(
      'This text mentions “VIP”, but this programme does not offer VIP status, so members would be promised something they cannot use. Reword it, or tick “VIP status” under “Only where the programme has” so that only programmes offering it show this.',
    );
    expect((await published('greenleaf', 'earn_details')).map((p) => p.slug)).not.toContain('vip-night');

    expect((await call('PUT', url, { fields: { ...fields, features: ['vip'] } })).statusCode).toBe(200);
    expect((await call('POST', `${url}/publish`, {})).statusCode).toBe(200);
  });

  it("refuses a footer link to a page the partner lacks (metro's reservation terms)", async () => {
    const call = await editor('metro');
    const url = '/api/cms/editor/entries/%2A/footer';
    const footer = { primary_links: [{ text: 'Book a table', url: '/earn/reservations' }] };
    expect((await call('PUT', url, { name: 'Footer', fields: footer })).statusCode).toBe(200);
    const refused = await call('POST', `${url}/publish`, {});
    expect(refused.statusCode).toBe(422);
    const problems = (refused.json() as { problems: { pointer: string; message: string }[] }).problems;
    expect(problems.filter((p) => p.pointer === '/primary_links/0/url')).toHaveLength(1);
    expect(problems.find((p) => p.pointer === '/primary_links/0/text')?.message).toMatch(
      /^This text mentions “Book a table”, but this programme does not offer table reservations/,
    );
    expect((await call('PUT', url, { fields: { primary_links: [{ text: 'How it works', url: '/how-it-works' }] } })).statusCode).toBe(200);
    expect((await call('POST', `${url}/publish`, {})).statusCode).toBe(200);
  });
});
