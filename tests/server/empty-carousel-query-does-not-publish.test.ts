// A restaurant row with no search chosen would show whatever the search answers by default (or
// nothing at all): its query is kept in the draft with a problem at the field, and the page does not
// publish (422 naming the page, the block and the field); the live page keeps its row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, host, type TestApp } from './helpers.ts';
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

type Layout = { blocks: Record<string, { type: string; props?: Record<string, unknown> }> };
const LAYOUT = '/api/cms/editor/entries/home/page-layout';

async function liveQueries(): Promise<unknown[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/cms/pages/home/?page_size=100', headers: host('greenleaf') });
  const layout = (res.json().data as Array<{ slug: string; fields: Layout }>).find((p) => p.slug === 'page-layout')!.fields;
  return Object.values(layout.blocks)
    .filter((b) => b.type === 'merchant-carousel')
    .map((b) => b.props?.query);
}

describe('an empty restaurant row', () => {
  it('is kept as a draft with its problem, and refused at publish naming the field', async () => {
    const before = await liveQueries();
    expect(before.length).toBeGreaterThan(0);
    expect(before).not.toContain('');

    const entry = await t.app.inject({ method: 'GET', url: LAYOUT, headers });
    const current = entry.json() as { draft: Layout | null; published: Layout };
    const layout = structuredClone(current.draft ?? current.published);
    const [id, block] = Object.entries(layout.blocks).find(([, b]) => b.type === 'merchant-carousel')!;
    block.props = { ...block.props, query: '' };

    const saved = await t.app.inject({ method: 'PUT', url: LAYOUT, headers, payload: { fields: layout } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().problems.map((p: { pointer: string }) => p.pointer)).toContain(`/blocks/${id}/props/query`);

    const published = await t.app.inject({ method: 'POST', url: `${LAYOUT}/publish`, headers, payload: {} });
    expect(published.statusCode).toBe(422);
    expect(published.json().message).toContain(`(home/page-layout) /blocks/${id}/props/query`);
    expect(await liveQueries()).toEqual(before);
  });

  it('in a banner part is refused the same way', async () => {
    const url = '/api/cms/editor/entries/home/weeknight-double';
    const entry = await t.app.inject({ method: 'GET', url, headers });
    const current = entry.json() as { name: string; draft: Record<string, unknown> | null; published: Record<string, unknown> };
    const fields = { ...(current.draft ?? current.published), banner_text: [{ type: 'merchant_carousel', fields: { query: '' } }] };
    const saved = await t.app.inject({ method: 'PUT', url, headers, payload: { name: current.name, fields } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().problems.map((p: { pointer: string }) => p.pointer)).toEqual(['/banner_text/0/fields/query']);
    const published = await t.app.inject({ method: 'POST', url: `${url}/publish`, headers, payload: {} });
    expect(published.statusCode).toBe(422);
    expect(published.json().message).toContain('/banner_text/0/fields/query');
  });
});
