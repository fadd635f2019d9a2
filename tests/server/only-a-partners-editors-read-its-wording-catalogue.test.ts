// GET /api/cms/editor/copy-catalogue: the wording of a partner's member pages, for that partner's
// signed-in editors only, each text with where it comes from; the editor's own words are not in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEditors } from '#server/seed/editors.ts';
import { createTestApp, host, signedInEditor, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await seedEditors(t.db, ['skyline', 'metro', 'openplate']);
});
afterAll(async () => {
  await t?.close();
});

const editorJar = async (partner: string) => (await signedInEditor(t.app, partner)).jar;

const get = (partner: string, cookie = '') =>
  t.app.inject({ method: 'GET', url: '/api/cms/editor/copy-catalogue', headers: { ...host(partner), cookie } });

describe('the wording catalogue', () => {
  it('needs an editor of the host partner', async () => {
    expect((await get('skyline')).statusCode).toBe(401);
    const metro = await editorJar('metro');
    expect((await get('skyline', metro.header())).statusCode).toBe(403);
  });

  it("lists every member-facing text with where it comes from, none of the editor's own", async () => {
    const jar = await editorJar('skyline');
    const res = await get('skyline', jar.header());
    expect(res.statusCode).toBe(200);
    const keys = res.json<{ keys: Array<{ key: string; text: string; from: string }> }>().keys;
    expect(keys.find((k) => k.key === 'frame.join')).toEqual({ key: 'frame.join', text: 'Join now', from: 'default' });
    // Earn rates are partner settings now, written into the standard wording by placeholder.
    expect(keys.find((k) => k.key === 'merchantCard.earnRate.tier0')).toEqual({
      key: 'merchantCard.earnRate.tier0',
      text: 'Earn {earnRateTier0}',
      from: 'default',
    });
    expect(keys.some((k) => k.key.startsWith('editor.'))).toBe(false);
    expect(keys.map((k) => k.key)).toEqual([...keys.map((k) => k.key)].sort((a, b) => a.localeCompare(b)));
    expect(keys.length).toBeGreaterThan(200);
  });

  it("shows a partner's own wording as the partner's", async () => {
    const jar = await editorJar('openplate');
    const keys = (await get('openplate', jar.header())).json<{ keys: Array<{ key: string; text: string; from: string }> }>().keys;
    expect(keys.find((k) => k.key === 'notFound.title')).toEqual({
      key: 'notFound.title',
      text: 'Nothing on the menu here',
      from: 'partner',
    });
  });
});
