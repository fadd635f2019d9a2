// A banner's heading, text, button or link part with no words shows members nothing, or a button
// with no label: the banner schema says such a part needs its text (the phone text stands in for an
// empty larger-screen text, so one of the two is enough). The draft is kept with the problem at the
// field, and publishing is refused with 422 naming the entry and the JSON pointer; the live banner
// keeps its heading.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, host, type TestApp, restoreSeededCms } from './helpers.ts';
import { editorOf } from './media-helpers.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await editorOf(t.app, t.db, 'greenleaf')).headers;
});
afterAll(async () => {
  await t?.close();
});

type Part = { type: string; fields: Record<string, unknown> };
type Banner = { banner_text: Part[] } & Record<string, unknown>;
const ENTRY = '/api/cms/editor/entries/home/cashback-hero';

async function current(): Promise<{ name: string; fields: Banner }> {
  const res = await t.app.inject({ method: 'GET', url: ENTRY, headers });
  const body = res.json() as { name: string; draft: Banner | null; published: Banner };
  return { name: body.name, fields: structuredClone(body.draft ?? body.published) };
}

async function liveHeading(): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url: '/api/cms/pages/home/?page_size=100', headers: host('greenleaf') });
  const entry = (res.json().data as Array<{ slug: string; fields: Banner }>).find((p) => p.slug === 'cashback-hero')!;
  return entry.fields.banner_text.find((part) => part.type === 'title')?.fields;
}

async function save(name: string, fields: Banner) {
  const saved = await t.app.inject({ method: 'PUT', url: ENTRY, headers, payload: { name, fields } });
  expect(saved.statusCode).toBe(200);
  return (saved.json().problems as { pointer: string; message: string }[]).map((p) => `${p.pointer} ${p.message}`);
}

describe('a banner part without its text', () => {
  // Each test starts from the banner as seeded (live heading, no draft), whichever test edited it
  // before: the seed writes it again, and members' cached copy is dropped.
  beforeEach(() => restoreSeededCms(t, 'greenleaf', 'home', ['cashback-hero']));

  it('is kept as a draft with its problem, and refused at publish naming the JSON pointer', async () => {
    const before = await liveHeading();
    expect(before).toMatchObject({ text_desktop: expect.stringMatching(/\S/) });

    const { name, fields } = await current();
    const index = fields.banner_text.findIndex((part) => part.type === 'title');
    expect(index).toBeGreaterThanOrEqual(0);
    fields.banner_text[index]!.fields = {};
    expect(await save(name, fields)).toEqual([`/banner_text/${index}/fields/text_desktop is required`]);

    const published = await t.app.inject({ method: 'POST', url: `${ENTRY}/publish`, headers, payload: {} });
    expect(published.statusCode).toBe(422);
    expect(published.json().message).toContain(`/banner_text/${index}/fields/text_desktop`);
    expect(await liveHeading()).toEqual(before);
  });

  it('counts a text of spaces as empty, for every kind of part that shows text', async () => {
    const { name, fields } = await current();
    fields.banner_text = [
      { type: 'title', fields: { text_desktop: '  ' } },
      { type: 'body_text', fields: { text_mobile: ' ' } },
      { type: 'button', fields: { text_desktop: '', url: '/join' } },
      { type: 'standalone_link', fields: { url: '/how-it-works' } },
    ];
    expect(await save(name, fields)).toEqual([
      '/banner_text/0/fields/text_desktop is required',
      '/banner_text/1/fields/text_desktop is required',
      '/banner_text/2/fields/text_desktop is required',
      '/banner_text/3/fields/text_desktop is required',
    ]);
    const published = await t.app.inject({ method: 'POST', url: `${ENTRY}/publish`, headers, payload: {} });
    expect(published.statusCode).toBe(422);
  });

  it('is fine with either screen size’s text, and publishes', async () => {
    const { name, fields } = await current();
    fields.banner_text = [
      { type: 'title', fields: { text_mobile: 'Dine out, earn more' } },
      { type: 'body_text', fields: { text_desktop: 'Every dinner counts.' } },
      { type: 'button', fields: { text_desktop: 'Join now', url: '/join' } },
    ];
    expect(await save(name, fields)).toEqual([]);
    const published = await t.app.inject({ method: 'POST', url: `${ENTRY}/publish`, headers, payload: {} });
    expect(published.statusCode).toBe(200);
    expect(await liveHeading()).toEqual({ text_mobile: 'Dine out, earn more' });
  });
});
