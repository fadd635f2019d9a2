// No edit is lost: a save refused because another editor changed the entry first is kept for its
// editor (and only for them) until they merge it. Rollback makes the restored version the draft too,
// refusing to drop unpublished edits unless asked; "changed" means the draft differs from live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { seedEditors } from '#server/seed/editors.ts';
import { cookieJar, createTestApp, csrfFor, host, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedEditors(t.db, ['harbor']);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Call = (method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

async function signIn(email: string, password: string, address: string): Promise<Call> {
  const jar = cookieJar();
  const token = await csrfFor(t.app, 'harbor', jar);
  const call: Call = async (method, url, payload) => {
    const headers: Record<string, string> = { ...host('harbor'), cookie: jar.header(), 'x-forwarded-for': address };
    if (method !== 'GET') headers['x-xsrf-token'] = jar.csrf() ?? token;
    const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    jar.store(res);
    return res;
  };
  expect((await call('POST', '/api/cms/editor/session', { email, password })).statusCode).toBe(200);
  return call;
}

const live = async (slug: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/cms/pages/popup/?page_size=100', headers: host('harbor') });
  return (res.json().data as Array<{ slug: string; fields: { title?: string } }>).find((p) => p.slug === slug)?.fields.title;
};

describe('a refused save', () => {
  it('is kept for its editor beside the newer draft, survives a reload, and is dropped once merged', async () => {
    const first = await signIn('editor@harbor.example', 'editor-harbor-2026', '10.1.0.1');
    const second = await signIn('editor2@harbor.example', 'editor2-harbor-2026', '10.1.0.2');
    const url = '/api/cms/editor/entries/popup/shared';
    const base = (await first('PUT', url, { fields: { title: 'Start', body_text: '<p>Start</p>' } })).json().revision as number;

    // The first editor saves on top of the revision both read; the second's save is refused...
    expect((await first('PUT', url, { fields: { title: 'First', body_text: '<p>Start</p>' }, base_revision: base })).statusCode).toBe(200);
    const refused = await second('PUT', url, { fields: { title: 'Second', body_text: '<p>Mine</p>' }, base_revision: base });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'stale', kept: true, change: { by: 'editor@harbor.example' } });
    expect(refused.json().message).toMatch(/^Your version was kept but not saved: editor@harbor\.example saved a newer draft/);

    // ... but kept, for them only, beside the newer draft (a reload reads it again).
    const reread = (await second('GET', url)).json();
    expect(reread.draft.title).toBe('First');
    expect(reread.kept).toMatchObject({ fields: { title: 'Second', body_text: '<p>Mine</p>' }, base_revision: base });
    expect((await first('GET', url)).json().kept).toBeNull();

    // They take their title, keep the newer body, and drop the kept version.
    const merged = await second('PUT', url, { fields: { title: 'Second', body_text: '<p>Start</p>' }, base_revision: reread.revision });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().kept).not.toBeNull();
    const done = await second('DELETE', `${url}/kept`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ kept: null, draft: { title: 'Second' } });
    expect((await second('DELETE', `${url}/kept`)).statusCode).toBe(404);
  });
});

describe('rollback and status', () => {
  it('makes the restored version live and the draft, so the next publish keeps it', async () => {
    const editor = await signIn('editor@harbor.example', 'editor-harbor-2026', '10.1.0.3');
    const url = '/api/cms/editor/entries/popup/rolled';
    await editor('PUT', url, { fields: { title: 'One', body_text: 'x' } });
    await editor('POST', `${url}/publish`);
    await editor('PUT', url, { fields: { title: 'Two', body_text: 'x' } });
    await editor('POST', `${url}/publish`);
    expect(await live('rolled')).toBe('Two');

    // A draft that differs from live is unpublished work: rolling back asks first.
    await editor('PUT', url, { fields: { title: 'Three (draft)', body_text: 'x' } });
    const asked = await editor('POST', `${url}/rollback`, { version: 1 });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().code).toBe('draft_pending');
    expect((await editor('GET', url)).json().draft.title).toBe('Three (draft)');

    const rolled = await editor('POST', `${url}/rollback`, { version: 1, discard_draft: true });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json()).toMatchObject({ version: 3, status: 'published', has_draft: false, draft: null, published: { title: 'One' } });
    expect(await live('rolled')).toBe('One');

    // The next publish (after any save) cannot bring "Two" back.
    await editor('PUT', url, { fields: { title: 'One', body_text: 'x' } });
    expect((await editor('POST', `${url}/publish`)).statusCode).toBe(409);
    expect(await live('rolled')).toBe('One');
  });

  it('says "changed" only while the draft differs from what is live', async () => {
    const editor = await signIn('editor@harbor.example', 'editor-harbor-2026', '10.1.0.4');
    const url = '/api/cms/editor/entries/popup/status';
    await editor('PUT', url, { fields: { title: 'Live', body_text: 'x' } });
    await editor('POST', `${url}/publish`);
    expect((await editor('PUT', url, { fields: { title: 'Edited', body_text: 'x' } })).json().status).toBe('changed');
    // Edited back to what members see: nothing is pending.
    const back = (await editor('PUT', url, { fields: { body_text: 'x', title: 'Live' } })).json();
    expect(back).toMatchObject({ status: 'published', has_draft: false });
    const listed = (await editor('GET', '/api/cms/editor/entries/popup')).json().entries.find((e: { slug: string }) => e.slug === 'status');
    expect(listed.status).toBe('published');
  });
});
