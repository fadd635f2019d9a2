// Abuse limits: impressions and client problems are capped per address and per body,
// impressions are stored as bounded daily counters with a retention period, and sign-in attempts
// are refused per address and per account before any password hashing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { cookieJar, createTestApp, csrfFor, host, type TestApp } from './helpers.ts';
import { IMPRESSIONS_RATE_LIMIT } from '#server/routes/impressions.ts';
import { CLIENT_PROBLEMS_RATE_LIMIT } from '#server/routes/client-problems.ts';
import { EDITOR_ACCOUNT_ATTEMPTS, EDITOR_SIGN_IN_RATE_LIMIT } from '#server/routes/cms-editor.ts';
import { SIGN_IN_ACCOUNT_ATTEMPTS } from '#server/routes/auth.ts';
import { deleteOldImpressions, OTHER, recordImpressions } from '#server/repos/impressions.ts';
import { hashesStarted, HashQueue, PasswordBusyError } from '#server/passwords.ts';
import { loadConfig } from '#server/env.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A write from one client address (the test app trusts 127.0.0.1 to name it in X-Forwarded-For). */
async function writer(app: FastifyInstance, partner: string, address: string) {
  const jar = cookieJar();
  const token = await csrfFor(app, partner, jar);
  return (method: 'POST' | 'PUT', url: string, payload: unknown, extra: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...host(partner),
        cookie: jar.header(),
        'x-xsrf-token': token,
        'x-forwarded-for': address,
        'content-type': 'application/json',
        ...extra,
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
}

const record = (i: number, extra: Record<string, unknown> = {}) => ({
  channel: 'web',
  dateTime: '2026-11-21T10:00:00.000Z',
  userAgent: 'flood/1.0',
  event: 'page_view',
  path: `/flood/${i}`,
  ...extra,
});

async function impressionRows(partner: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from impression_counts where partner_id = $1', [partner]);
  return Number(rows[0]!.n);
}

describe('impressions', () => {
  it('a flood from one address is cut off after the per-minute limit and stays bounded on disk', async () => {
    const post = await writer(t.app, 'greenleaf', '203.0.113.7');
    const statuses: number[] = [];
    for (let batch = 0; batch < IMPRESSIONS_RATE_LIMIT + 20; batch++) {
      const records = Array.from({ length: 50 }, (_, i) => record(batch * 50 + i));
      statuses.push((await post('POST', '/api/Impressions', records)).statusCode);
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(IMPRESSIONS_RATE_LIMIT);
    expect(statuses.slice(IMPRESSIONS_RATE_LIMIT).every((s) => s === 429)).toBe(true);
    expect(await impressionRows('greenleaf')).toBeLessThanOrEqual(IMPRESSIONS_RATE_LIMIT * 50);
    // Another address is not affected.
    const other = await writer(t.app, 'greenleaf', '203.0.113.8');
    expect((await other('POST', '/api/Impressions', [record(1)])).statusCode).toBe(202);
  });

  it('identical records add up in one row', async () => {
    const post = await writer(t.app, 'metro', '203.0.113.20');
    const before = await impressionRows('metro');
    for (let i = 0; i < 5; i++) {
      const res = await post(
        'POST',
        '/api/Impressions',
        Array.from({ length: 50 }, () => record(0, { path: '/same', blockId: 'hero' })),
      );
      expect(res.statusCode).toBe(202);
    }
    expect(await impressionRows('metro')).toBe(before + 1);
    const { rows } = await t.db.query<{ count: number }>(
      `select count from impression_counts where partner_id = 'metro' and page = '/same' and block_id = 'hero'`,
    );
    expect(Number(rows[0]!.count)).toBe(250);
  });

  it('refuses oversized bodies and batches', async () => {
    const post = await writer(t.app, 'skyline', '203.0.113.30');
    const big = Array.from({ length: 50 }, (_, i) => record(i, { note: 'x'.repeat(500), more: 'y'.repeat(500), extra: 'z'.repeat(500) }));
    expect((await post('POST', '/api/Impressions', big)).statusCode).toBe(413);
    const many = Array.from({ length: 51 }, (_, i) => record(i));
    const res = await post('POST', '/api/Impressions', many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/body/);
  });

  it('caps the keys one partner adds per day; later new keys count as "(other)"', async () => {
    const now = new Date('2030-01-01T12:00:00Z');
    const keys = Array.from({ length: 30 }, (_, i) => ({ event: 'page_view', page: `/p/${i}`, blockId: '' }));
    await recordImpressions(t.db, 'harbor', keys.slice(0, 10), now, 10);
    await recordImpressions(t.db, 'harbor', keys, now, 10);
    const { rows } = await t.db.query<{ page: string; count: number }>(
      `select page, count from impression_counts where partner_id = 'harbor' and day = '2030-01-01' order by page`,
    );
    expect(rows).toHaveLength(11);
    expect(rows.reduce((sum, r) => sum + Number(r.count), 0)).toBe(40);
    expect(Number(rows.find((r) => r.page === OTHER)!.count)).toBe(20);
  });

  it('the cleanup job deletes counters past the retention period and keeps newer ones', async () => {
    const now = new Date('2031-06-30T12:00:00Z');
    const key = [{ event: 'page_view', page: '/old', blockId: '' }];
    await recordImpressions(t.db, 'openplate', key, new Date('2031-03-01T12:00:00Z'));
    await recordImpressions(t.db, 'openplate', key, new Date('2031-04-15T12:00:00Z'));
    await recordImpressions(t.db, 'openplate', key, now);
    // Global: other tests' (older) counters go too.
    expect(await deleteOldImpressions(t.db, 90, now)).toBeGreaterThanOrEqual(1);
    const { rows } = await t.db.query<{ day: string }>(
      `select to_char(day, 'YYYY-MM-DD') as day from impression_counts where partner_id = 'openplate' order by day`,
    );
    expect(rows.map((r) => r.day)).toEqual(['2031-04-15', '2031-06-30']);
  });

  it('the listening server starts the cleanup job (it runs once at start, then hourly)', async () => {
    await recordImpressions(t.db, 'skyline', [{ event: 'page_view', page: '/ancient', blockId: '' }], new Date('2001-01-01T12:00:00Z'));
    const ancient = async () =>
      Number((await t.db.query<{ n: number }>(`select count(*)::int as n from impression_counts where page = '/ancient'`)).rows[0]!.n);
    expect(await ancient()).toBe(1);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 100 && (await ancient()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await ancient()).toBe(0);
  });

  it('the retention period comes from IMPRESSION_RETENTION_DAYS', () => {
    expect(loadConfig({}).impressionRetentionDays).toBe(90);
    expect(loadConfig({ IMPRESSION_RETENTION_DAYS: '30' }).impressionRetentionDays).toBe(30);
    expect(() => loadConfig({ IMPRESSION_RETENTION_DAYS: '0' })).toThrow(/IMPRESSION_RETENTION_DAYS/);
  });
});

describe('client problems', () => {
  it('are limited per address and per body', async () => {
    const post = await writer(t.app, 'skyline', '203.0.113.40');
    const report = { path: '/', problems: [{ source: 'home', pointer: '/blocks/x', message: 'broken' }] };
    const statuses: number[] = [];
    for (let i = 0; i < CLIENT_PROBLEMS_RATE_LIMIT + 5; i++) statuses.push((await post('POST', '/api/ClientProblems', report)).statusCode);
    expect(statuses.filter((s) => s === 204)).toHaveLength(CLIENT_PROBLEMS_RATE_LIMIT);
    expect(statuses.at(-1)).toBe(429);
    const big = await writer(t.app, 'skyline', '203.0.113.41');
    const huge = {
      problems: Array.from({ length: 20 }, () => ({ source: 's'.repeat(300), pointer: 'p'.repeat(300), message: 'm'.repeat(1000) })),
    };
    expect((await big('POST', '/api/ClientProblems', huge)).statusCode).toBe(413);
  });
});

describe('sign-in limits before hashing', () => {
  it('parallel bad editor sign-ins on one account are refused beyond the account budget without hashing', async () => {
    const post = await writer(t.app, 'metro', '203.0.113.50');
    const started = hashesStarted.editors;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(
          'POST',
          '/api/cms/editor/session',
          { email: 'editor@metro.example', password: `wrong-${i}` },
          { 'x-forwarded-for': `198.51.100.${i}` },
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => [401, 429, 503].includes(s))).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(EDITOR_ACCOUNT_ATTEMPTS);
    // At most one hash per admitted attempt (plus the one-off dummy hash for unknown emails).
    expect(hashesStarted.editors - started).toBeLessThanOrEqual(EDITOR_ACCOUNT_ATTEMPTS + 1);
  });

  it('one address is limited across editor accounts, counted before the body is even read', async () => {
    const post = await writer(t.app, 'skyline', '203.0.113.51');
    const started = hashesStarted.editors;
    // Attempts with an unusable body cost no hash, but count against the address all the same.
    for (let i = 0; i < EDITOR_SIGN_IN_RATE_LIMIT; i++) {
      expect((await post('POST', '/api/cms/editor/session', { email: `nobody${i}@skyline.example` })).statusCode).toBe(400);
    }
    const next = await post('POST', '/api/cms/editor/session', { email: 'editor@skyline.example', password: 'editor-skyline-2026' });
    expect(next.statusCode).toBe(429);
    expect(hashesStarted.editors).toBe(started);
    // Another address still signs in.
    const other = await writer(t.app, 'skyline', '203.0.113.52');
    expect(
      (await other('POST', '/api/cms/editor/session', { email: 'editor@skyline.example', password: 'editor-skyline-2026' })).statusCode,
    ).toBe(200);
  });

  it('member sign-in attempts on one account are refused beyond the account budget, from any address', async () => {
    const started = hashesStarted.members;
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_ACCOUNT_ATTEMPTS + 3; i++) {
      const post = await writer(t.app, 'greenleaf', `192.0.2.${i + 1}`);
      const res = await post('POST', '/api/Member/SignIn', { email: 'nobody-here@greenleaf.example', password: `wrong-${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, SIGN_IN_ACCOUNT_ATTEMPTS).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(SIGN_IN_ACCOUNT_ATTEMPTS).every((s) => s === 429)).toBe(true);
    expect(hashesStarted.members - started).toBeLessThanOrEqual(SIGN_IN_ACCOUNT_ATTEMPTS + 1);
  });

  it('the hashing pool runs a bounded number at once and refuses past a full queue', async () => {
    // One slot (a single slot is all one lane's) and four places in the queue: the sixth call is refused.
    const pool = new HashQueue(1, 4, 60_000);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const job = () =>
      pool.run('lane', async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
      });
    const admitted = Array.from({ length: 5 }, job);
    await expect(job()).rejects.toBeInstanceOf(PasswordBusyError);
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all(admitted);
    expect(most).toBe(1);
  });
});
