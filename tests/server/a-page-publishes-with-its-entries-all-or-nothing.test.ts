// One draft and one publish per page: skyline's discover page and the banner entries its blocks show
// are published, rolled back and scheduled together, in one transaction, as one history item. When the
// database fails midway through a publish of three changed entries, nothing of it is live and every
// draft is still there. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '#server/db/index.ts';
import { createSession, EDITOR_COOKIE, EDITOR_SESSION_MS } from '#server/sessions.ts';
import { clockFor } from '#server/auth/clock.ts';
import { cookieJar, createTestApp, csrfFor, host, type TestApp, restoreSeededCms } from './helpers.ts';

/** Armed, the transaction's Nth insert of a published version fails, as a database dropping out would. */
const failure = { armed: false, at: 3, seen: 0 };
function failingMidway(db: Db): Db {
  const wrap = (tx: Queryable): Queryable => ({
    exec: (sql) => tx.exec(sql),
    query: async <Row>(sql: string, params?: unknown[]) => {
      if (failure.armed && /insert into cms_versions/i.test(sql) && ++failure.seen === failure.at) {
        throw new Error('connection terminated unexpectedly');
      }
      return tx.query<Row>(sql, params);
    },
  });
  return Object.assign(Object.create(db) as Db, {
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction((tx) => fn(wrap(tx))),
  });
}

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ wrapDb: failingMidway });
  const { rows } = await t.db.query<{ id: number }>(
    `select id from cms_editors where partner_id = 'skyline' and email = 'editor@skyline.example'`,
  );
  const session = await createSession(t.db, { partnerId: 'skyline', kind: 'editor', subjectId: rows[0]!.id, ttlMs: EDITOR_SESSION_MS });
  const jar = cookieJar();
  jar.set(EDITOR_COOKIE, session.id);
  const token = await csrfFor(t.app, 'skyline', jar);
  headers = { ...host('skyline'), cookie: jar.header(), 'x-xsrf-token': token };
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const entryUrl = (slug: string) => `/api/cms/editor/entries/discover/${slug}`;

async function editBanner(slug: string, heading: string) {
  const entry = (await call('GET', entryUrl(slug))).json();
  const fields = structuredClone(entry.draft ?? entry.published);
  fields.banner_text[0].fields.text_desktop = heading;
  const saved = await call('PUT', entryUrl(slug), { fields });
  expect(saved.statusCode).toBe(200);
  return saved.json();
}

/** What members get: each banner's first text, and the layout's block order. */
async function live() {
  const res = await t.app.inject({ method: 'GET', url: '/api/cms/pages/discover/?page_size=100', headers: host('skyline') });
  const data = res.json().data as Array<{
    slug: string;
    fields: { banner_text?: Array<{ fields: { text_desktop?: string } }>; order?: string[] };
  }>;
  return Object.fromEntries(
    data.map((e) => [e.slug, e.slug === 'page-layout' ? e.fields.order?.join(',') : e.fields.banner_text?.[0]?.fields.text_desktop]),
  );
}

const versionCount = async () =>
  Number((await t.db.query<{ n: number }>(`select count(*)::int as n from cms_versions where partner_id = 'skyline'`)).rows[0]?.n);

/**
 * Skyline's discover page as seeded, with no drafts, schedules or history: its entries are written
 * again by the seed, its page history is emptied, members' cached copy is dropped and the clock is
 * back to now. Each test starts here and makes the history it needs, so it passes alone and in any
 * order.
 */
async function seededPage() {
  failure.armed = false;
  failure.seen = 0;
  clockFor(t.app).reset();
  await t.db.query(`delete from cms_page_history where partner_id = 'skyline' and page = 'discover'`);
  await restoreSeededCms(t, 'skyline', 'discover');
}

/** The layout's blocks in reverse and three banners with new headings, as drafts: the first test's edits. */
async function springRefreshDrafts() {
  const layout = (await call('GET', entryUrl('page-layout'))).json();
  const fields = structuredClone(layout.published);
  fields.order = [...fields.order].reverse();
  expect((await call('PUT', entryUrl('page-layout'), { fields })).statusCode).toBe(200);
  await editBanner('sky-hero', 'Hero, new');
  await editBanner('sky-member', 'Member, new');
  await editBanner('sky-link-card', 'Link a card, new');
  return fields;
}

/** Those edits published, as the first test publishes them: the page's history is its start and this. */
async function springRefreshPublished() {
  await springRefreshDrafts();
  const published = await call('POST', '/api/cms/editor/pages/discover/publish', { note: 'Spring refresh' });
  expect(published.statusCode, published.body).toBe(200);
}

describe('a page and its entries', () => {
  beforeEach(seededPage);

  it('publish all of it or none of it when the database fails midway', async () => {
    // The layout and three of its banners get drafts.
    const fields = await springRefreshDrafts();

    const page = (await call('GET', '/api/cms/editor/pages/discover')).json();
    expect(page.pending.map((p: { slug: string }) => p.slug)).toEqual(['page-layout', 'sky-hero', 'sky-link-card', 'sky-member']);
    expect(page.pending.find((p: { slug: string }) => p.slug === 'sky-hero')).toMatchObject({
      status: 'changed',
      name: expect.any(String),
    });
    const before = await live();
    const versionsBefore = await versionCount();

    // The third version insert fails: nothing of the publish is live, and nothing is lost.
    failure.armed = true;
    failure.seen = 0;
    const failed = await call('POST', '/api/cms/editor/pages/discover/publish', {});
    failure.armed = false;
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(failure.seen).toBe(3);
    expect(await versionCount()).toBe(versionsBefore);
    expect(await live()).toEqual(before);
    expect((await call('GET', '/api/cms/editor/pages/discover')).json()).toMatchObject({ pending: page.pending, history: [] });

    // Again, with the database well: all of it goes live, as one history item.
    const published = await call('POST', '/api/cms/editor/pages/discover/publish', { note: 'Spring refresh' });
    expect(published.statusCode).toBe(200);
    expect(published.json().changes.map((c: { slug: string }) => c.slug)).toEqual([
      'page-layout',
      'sky-hero',
      'sky-link-card',
      'sky-member',
    ]);
    expect(await versionCount()).toBe(versionsBefore + 4);
    expect(await live()).toMatchObject({
      'page-layout': fields.order.join(','),
      'sky-hero': 'Hero, new',
      'sky-member': 'Member, new',
      'sky-link-card': 'Link a card, new',
    });
    const after = (await call('GET', '/api/cms/editor/pages/discover')).json();
    expect(after.pending).toEqual([]);
    // The publish, and below it how the page was before (the page's first item, to roll back to).
    expect(after.history.map((h: { kind: string }) => h.kind)).toEqual(['publish', 'start']);
    expect(after.history[0]).toMatchObject({ kind: 'publish', by: 'editor@skyline.example', note: 'Spring refresh' });

    // The item's diff: the layout's and each entry's fields before and after.
    const item = (await call('GET', `/api/cms/editor/pages/discover/history/${after.history[0].id}`)).json();
    const hero = item.details.find((d: { slug: string }) => d.slug === 'sky-hero');
    expect(hero.before.banner_text[0].fields.text_desktop).toBe(before['sky-hero']);
    expect(hero.after.banner_text[0].fields.text_desktop).toBe('Hero, new');
  });

  it('refuses the whole publish when one entry is invalid or changed by someone else, naming it', async () => {
    await springRefreshPublished();
    await editBanner('sky-hero', 'Hero, third');
    const vip = (await call('GET', entryUrl('sky-vip'))).json();
    const broken = structuredClone(vip.published);
    broken.banner_text = [{ type: 'merchant_carousel', fields: { query: '' } }];
    const saved = (await call('PUT', entryUrl('sky-vip'), { fields: broken })).json();
    const liveBefore = await live();

    const invalid = await call('POST', '/api/cms/editor/pages/discover/publish', {});
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().problems).toEqual([
      expect.objectContaining({
        content_name: 'discover',
        slug: 'sky-vip',
        pointer: '/banner_text/0/fields/query',
        message: 'is required',
      }),
    ]);
    expect(invalid.json().message).toMatch(/\(discover\/sky-vip\) \/banner_text\/0\/fields\/query is required/);
    expect(await live()).toEqual(liveBefore);

    await call('PUT', entryUrl('sky-vip'), { fields: vip.published });
    const stale = await call('POST', '/api/cms/editor/pages/discover/publish', { base_revisions: { 'discover/sky-vip': saved.revision } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale', content_name: 'discover', slug: 'sky-vip' });
    expect(await live()).toEqual(liveBefore);
  });

  it('rolls the page back as one, asking before unpublished drafts are dropped, and a later publish keeps it', async () => {
    // The first test's publish, and a new hero heading waiting as a draft.
    await springRefreshPublished();
    await editBanner('sky-hero', 'Hero, third');
    const history = (await call('GET', '/api/cms/editor/pages/discover')).json().history;
    // Publish the pending hero edit: item 2.
    expect((await call('POST', '/api/cms/editor/pages/discover/publish', {})).statusCode).toBe(200);
    expect((await live())['sky-hero']).toBe('Hero, third');

    await editBanner('sky-member', 'Member, unpublished');
    const asked = await call('POST', '/api/cms/editor/pages/discover/rollback', { item: history[0].id });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'draft_pending' });
    expect(asked.json().message).toContain('Unpublished changes would be replaced');

    const rolled = await call('POST', '/api/cms/editor/pages/discover/rollback', { item: history[0].id, discard_drafts: true });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json().changes.map((c: { slug: string }) => c.slug)).toEqual(['sky-hero']);
    expect(await live()).toMatchObject({ 'sky-hero': 'Hero, new', 'sky-member': 'Member, new' });
    const page = (await call('GET', '/api/cms/editor/pages/discover')).json();
    expect(page.pending).toEqual([]);
    expect(page.history[0]).toMatchObject({ kind: 'rollback' });
    expect((await call('POST', '/api/cms/editor/pages/discover/publish', {})).json().code).toBe('no_draft');
    expect((await live())['sky-hero']).toBe('Hero, new');
  });

  it('says which pages show an entry', async () => {
    expect((await call('GET', entryUrl('sky-hero'))).json().used_on).toEqual(['discover']);
    expect((await call('GET', '/api/cms/editor/entries/home/page-layout')).json().used_on).toEqual([]);
  });

  it('schedules the page as one: every pending draft goes live together, as one history item', async () => {
    await springRefreshPublished();
    await editBanner('sky-hero', 'Hero, scheduled');
    await editBanner('sky-link-card', 'Link a card, scheduled');
    const clock = clockFor(t.app);
    const at = new Date(clock.now().getTime() + 3600_000);
    const scheduled = await call('PUT', '/api/cms/editor/pages/discover/schedule', { publish_at: at.toISOString() });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().scheduled.map((s: { slug: string }) => s.slug)).toEqual(['sky-hero', 'sky-link-card']);
    expect((await live())['sky-hero']).toBe('Hero, new');
    clock.advance(3600_000 + 1000);
    await clock.idle();
    expect(await live()).toMatchObject({ 'sky-hero': 'Hero, scheduled', 'sky-link-card': 'Link a card, scheduled' });
    const item = (await call('GET', '/api/cms/editor/pages/discover')).json().history[0];
    expect(item).toMatchObject({ kind: 'scheduled-publish' });
    expect(item.changes.map((c: { slug: string }) => c.slug).sort()).toEqual(['sky-hero', 'sky-link-card']);
  });

  it('the first publish can be rolled back too: the history begins with how the page was before it', async () => {
    const seeded = await live();
    // The history the tests above make: start, publish, publish, rollback, scheduled-publish.
    await springRefreshPublished();
    const spring = (await call('GET', '/api/cms/editor/pages/discover')).json().history[0];
    await editBanner('sky-hero', 'Hero, third');
    expect((await call('POST', '/api/cms/editor/pages/discover/publish', {})).statusCode).toBe(200);
    expect((await call('POST', '/api/cms/editor/pages/discover/rollback', { item: spring.id })).statusCode).toBe(200);
    await editBanner('sky-hero', 'Hero, scheduled');
    const clock = clockFor(t.app);
    const at = new Date(clock.now().getTime() + 3600_000);
    expect((await call('PUT', '/api/cms/editor/pages/discover/schedule', { publish_at: at.toISOString() })).statusCode).toBe(200);
    clock.advance(3600_000 + 1000);
    await clock.idle();
    expect((await live())['sky-hero']).toBe('Hero, scheduled');
    const history = (await call('GET', '/api/cms/editor/pages/discover')).json().history as Array<{
      id: number;
      kind: string;
      changes: unknown[];
    }>;
    const start = history.at(-1)!;
    expect(start).toMatchObject({ kind: 'start', changes: [] });
    expect(history.filter((item) => item.kind === 'start')).toHaveLength(1);
    const rolled = await call('POST', '/api/cms/editor/pages/discover/rollback', { item: start.id, discard_drafts: true });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(await live()).toEqual(seeded);
  });
});
