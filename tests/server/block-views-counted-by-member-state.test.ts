// Per-block views and clicks: member pages post block_view and block_click records to
// /api/Impressions; the server counts them under the member state of the request's own session
// (never a state the browser names), and the page editor reads views and clicks per block and state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockImpressions } from '#server/repos/impressions.ts';
import { cookieJar, createTestApp, csrfFor, host, type TestApp } from './helpers.ts';
import { session, signIn } from './auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const record = (event: string, blockId: string, extra: Record<string, unknown> = {}) => ({
  channel: 'web',
  dateTime: new Date().toISOString(),
  userAgent: 'test/1.0',
  event,
  path: '/discover?from=test',
  blockId,
  ...extra,
});

interface Row {
  page: string;
  block_id: string;
  member_state: string;
  views: number;
  clicks: number;
}

async function editorRows(partner: string): Promise<Row[]> {
  const jar = cookieJar();
  const token = await csrfFor(t.app, partner, jar);
  const signInRes = await t.app.inject({
    method: 'POST',
    url: '/api/cms/editor/session',
    headers: { ...host(partner), cookie: jar.header(), 'x-xsrf-token': token },
    payload: { email: `editor@${partner}.example`, password: `editor-${partner}-2026` },
  });
  expect(signInRes.statusCode).toBe(200);
  jar.store(signInRes);
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/cms/editor/impressions?days=7',
    headers: { ...host(partner), cookie: jar.header() },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ blocks: Row[] }>().blocks;
}

describe('block views and clicks', () => {
  it('counts views and clicks per block under the member state of the session that sent them', async () => {
    const anonymous = await session(t.app, 'greenleaf', '10.22.0.1');
    const post = (s: typeof anonymous, records: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Impressions',
        headers: s.headers({ 'content-type': 'application/json' }),
        payload: records,
      });

    // An anonymous visitor saw the hero twice (two page views) and clicked its button once; the
    // record's own claim to be a VIP is not believed.
    expect(
      (
        await post(anonymous, [
          record('block_view', 'hero', { memberState: 'cardTier3' }),
          record('block_view', 'hero'),
          record('block_click', 'hero'),
          record('page_view', ''),
        ])
      ).statusCode,
    ).toBe(202);

    // A signed-in tier-2 card member saw the hero and the steps.
    const member = await session(t.app, 'greenleaf', '10.22.0.2');
    expect((await signIn(t.app, member, 'card2@greenleaf.example')).statusCode).toBe(200);
    expect((await post(member, [record('block_view', 'hero'), record('block_view', 'steps')])).statusCode).toBe(202);

    // A known member (public id cookie, not signed in).
    const known = await session(t.app, 'greenleaf', '10.22.0.3');
    known.jar.set('mb_public_id', 'greenleaf-known-1');
    expect((await post(known, [record('block_view', 'steps')])).statusCode).toBe(202);

    const rows = await editorRows('greenleaf');
    expect(rows).toEqual(
      expect.arrayContaining([
        { page: '/discover', block_id: 'hero', member_state: 'anonymous', views: 2, clicks: 1 },
        { page: '/discover', block_id: 'hero', member_state: 'cardTier2', views: 1, clicks: 0 },
        { page: '/discover', block_id: 'steps', member_state: 'cardTier2', views: 1, clicks: 0 },
        { page: '/discover', block_id: 'steps', member_state: 'known', views: 1, clicks: 0 },
      ]),
    );
    expect(rows).toHaveLength(4);
    // Page views are no block's views.
    expect(rows.some((r) => r.block_id === '')).toBe(false);
  });

  it("another partner's counts and days past the window are not shown", async () => {
    const s = await session(t.app, 'metro', '10.22.0.9');
    await t.app.inject({
      method: 'POST',
      url: '/api/Impressions',
      headers: s.headers({ 'content-type': 'application/json' }),
      payload: [record('block_view', 'only-metro')],
    });
    expect((await editorRows('skyline')).some((r) => r.block_id === 'only-metro')).toBe(false);
    const inEightDays = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    expect((await blockImpressions(t.db, 'metro', 7, inEightDays)).some((r) => r.blockId === 'only-metro')).toBe(false);
    expect((await blockImpressions(t.db, 'metro', 7, new Date())).find((r) => r.blockId === 'only-metro')).toMatchObject({
      memberState: 'anonymous',
      views: 1,
    });
  });
});
