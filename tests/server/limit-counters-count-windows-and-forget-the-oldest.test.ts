// The counters behind every limit (src/server/limits.ts), called directly: fixed windows of hits per
// key, in memory and in the database, the Retry-After they lead to, and the store @fastify/rate-limit
// counts in. Fast enough for mutation testing (docs/mutation-testing.md).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/index.ts';
import { countersFor, DatabaseCounters, MemoryCounters, overLimit, rateLimitStore, type LimitCounters } from '#server/limits.ts';
import { moduleDb } from './module-db.ts';

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}

describe('counters in memory', () => {
  it('count the hits of a key within its window, and start again when it is over', async () => {
    const c = clock();
    const counters = new MemoryCounters(100, c.now);
    expect(await counters.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    c.t += 20_000;
    expect(await counters.hit('a', 60_000)).toEqual({ count: 2, resetInMs: 40_000 });
    c.t += 39_999;
    expect(await counters.hit('a', 60_000)).toEqual({ count: 3, resetInMs: 1 });
    c.t += 1;
    expect(await counters.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it('keep keys apart and forget a key on reset', async () => {
    const counters = new MemoryCounters(100, clock().now);
    await counters.hit('a', 1000);
    await counters.hit('a', 1000);
    expect((await counters.hit('b', 1000)).count).toBe(1);
    await counters.reset('a');
    expect((await counters.hit('a', 1000)).count).toBe(1);
    expect((await counters.hit('b', 1000)).count).toBe(2);
  });

  it('when full, drop windows that are over first, then the oldest', async () => {
    const c = clock();
    const counters = new MemoryCounters(2, c.now);
    await counters.hit('old-but-live', 100_000);
    await counters.hit('short', 10);
    // The short window ends at this very moment: it is over.
    c.t += 10;
    // Full: the window that is over goes, the live one stays.
    await counters.hit('new', 100_000);
    expect((await counters.hit('old-but-live', 100_000)).count).toBe(2);
    // Full of live windows: the oldest goes to make room.
    await counters.hit('newer', 100_000);
    expect((await counters.hit('old-but-live', 100_000)).count).toBe(1);
  });

  it('never hold more than their room: the oldest is forgotten as soon as a new key comes', async () => {
    const counters = new MemoryCounters(2, clock().now);
    await counters.hit('a', 100_000);
    await counters.hit('b', 100_000);
    await counters.hit('c', 100_000);
    expect((await counters.hit('c', 100_000)).count).toBe(2);
    expect((await counters.hit('a', 100_000)).count).toBe(1);
  });

  it('keep counting an existing key when full', async () => {
    const counters = new MemoryCounters(1, clock().now);
    await counters.hit('a', 1000);
    expect((await counters.hit('a', 1000)).count).toBe(2);
  });

  it('default to the clock and to room for many keys', async () => {
    const counters = new MemoryCounters();
    for (let i = 0; i < 50; i++) await counters.hit(`k${i}`, 60_000);
    const hit = await counters.hit('k0', 60_000);
    expect(hit.count).toBe(2);
    expect(hit.resetInMs).toBeGreaterThan(59_000);
    expect(hit.resetInMs).toBeLessThanOrEqual(60_000);
  });
});

describe('over the limit', () => {
  it('is not at the limit itself, and says how many whole seconds to wait beyond it (at least one)', () => {
    expect(overLimit({ count: 5, resetInMs: 30_000 }, 5)).toBe(0);
    expect(overLimit({ count: 6, resetInMs: 30_000 }, 5)).toBe(30);
    expect(overLimit({ count: 6, resetInMs: 1_001 }, 5)).toBe(2);
    expect(overLimit({ count: 6, resetInMs: 0 }, 5)).toBe(1);
  });
});

describe('the rate-limit store', () => {
  function incr(
    store: { incr(key: string, cb: (e: Error | null, r?: { current: number; ttl: number }) => void, w?: number): void },
    key: string,
    windowMs?: number,
  ) {
    return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs),
    );
  }

  it("counts each route apart, under its method and URL, in the route's window (a minute by default)", async () => {
    const counters = new MemoryCounters(100, clock().now);
    const Store = rateLimitStore(counters);
    const root = new Store({ max: 5 });
    const signIn = root.child({ routeInfo: { method: 'POST', url: '/api/Member/SignIn' } });
    const join = root.child({ routeInfo: { method: ['POST'], url: '/api/Members/Prospects' } });
    expect(await incr(signIn, '1.2.3.4', 10_000)).toEqual({ current: 1, ttl: 10_000 });
    expect(await incr(signIn, '1.2.3.4', 10_000)).toEqual({ current: 2, ttl: 10_000 });
    expect(await incr(join, '1.2.3.4')).toEqual({ current: 1, ttl: 60_000 });
    expect(await incr(root, '1.2.3.4')).toEqual({ current: 1, ttl: 60_000 });
    expect((await counters.hit('rl:POST /api/Member/SignIn:1.2.3.4', 10_000)).count).toBe(3);
    expect((await counters.hit('rl:1.2.3.4', 10_000)).count).toBe(2);
    const both = root.child({ routeInfo: { method: ['GET', 'HEAD'], url: '/api/x' } });
    await incr(both, 'k');
    expect((await counters.hit('rl:GET,HEAD /api/x:k', 1000)).count).toBe(2);
    const bare = root.child({});
    expect(await incr(bare, 'x')).toEqual({ current: 1, ttl: 60_000 });
    expect((await counters.hit('rl: :x', 1000)).count).toBe(2);
  });

  it('hands a failing counter to the plugin as an error', async () => {
    const broken: LimitCounters = { hit: () => Promise.reject(new Error('database down')), reset: () => Promise.resolve() };
    const Store = rateLimitStore(broken);
    await expect(incr(new Store(), 'k')).rejects.toThrow('database down');
  });
});

describe('counters in the database', () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await moduleDb());
  });
  afterAll(() => close());

  it('count hits of a key within its window, keep keys apart and forget a key on reset', async () => {
    const counters = new DatabaseCounters(db);
    const first = await counters.hit('db-a', 60_000);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(55_000);
    expect(first.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await counters.hit('db-a', 60_000)).count).toBe(2);
    expect((await counters.hit('db-b', 60_000)).count).toBe(1);
    await counters.reset('db-a');
    expect((await counters.hit('db-a', 60_000)).count).toBe(1);
    expect((await counters.hit('db-b', 60_000)).count).toBe(2);
  });

  it('start a new window when the last one is over', async () => {
    const counters = new DatabaseCounters(db);
    await counters.hit('db-short', 1);
    await counters.hit('db-short', 0);
    await new Promise((r) => setTimeout(r, 20));
    const hit = await counters.hit('db-short', 60_000);
    expect(hit.count).toBe(1);
    expect(hit.resetInMs).toBeGreaterThan(55_000);
  });

  it('store keys PostgreSQL text cannot hold, and cut long ones to 400 characters', async () => {
    const counters = new DatabaseCounters(db);
    expect((await counters.hit('nul\u0000key', 60_000)).count).toBe(1);
    expect((await counters.hit('nul\u001fkey', 60_000)).count).toBe(2);
    const long = 'x'.repeat(400);
    await counters.hit(`${long}a`, 60_000);
    expect((await counters.hit(`${long}b`, 60_000)).count).toBe(2);
    expect((await counters.hit(long.slice(1), 60_000)).count).toBe(1);
    await counters.reset('nul\u0000key');
    expect((await counters.hit('nul\u001fkey', 60_000)).count).toBe(1);
  });

  it('prune only the windows over for more than a minute', async () => {
    const counters = new DatabaseCounters(db);
    await counters.hit('db-stale', 60_000);
    await counters.hit('db-live', 60_000);
    await db.query("update limit_counters set reset_at = now() - interval '2 minutes' where key = 'db-stale'");
    await counters.prune();
    const { rows } = await db.query<{ key: string }>("select key from limit_counters where key in ('db-stale', 'db-live')");
    expect(rows.map((r) => r.key)).toEqual(['db-live']);
  });

  it('are pruned every minute while the app runs, a failure logged, and no more once it closes', async () => {
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      let fail = false;
      const warnings: Array<[unknown, string]> = [];
      let onClose: ((app: unknown, done: () => void) => void) | undefined;
      const fakeDb = {
        query: (sql: string) => {
          calls.push(sql);
          return fail ? Promise.reject(new Error('down')) : Promise.resolve({ rows: [] });
        },
      };
      const fakeApp = {
        config: { databaseUrl: 'postgres://x' },
        db: fakeDb,
        log: { warn: (obj: unknown, message: string) => warnings.push([obj, message]) },
        addHook: (_name: string, hook: typeof onClose) => (onClose = hook),
      } as unknown as FastifyInstance;
      countersFor(fakeApp);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toEqual(["delete from limit_counters where reset_at < now() - interval '1 minute'"]);
      fail = true;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]![1]).toBe('could not prune limit counters');
      expect((warnings[0]![0] as { err: Error }).err.message).toBe('down');
      let closed = false;
      onClose!(fakeApp, () => (closed = true));
      expect(closed).toBe(true);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('are what an app with a database URL keeps its limits in, memory otherwise', async () => {
    const hooks: string[] = [];
    const fakeApp = (databaseUrl: string | undefined) =>
      ({ config: { databaseUrl }, db, log: { warn: () => {} }, addHook: (name: string) => hooks.push(name) }) as unknown as FastifyInstance;
    expect(countersFor(fakeApp(undefined))).toBeInstanceOf(MemoryCounters);
    expect(countersFor(fakeApp('postgres://x'))).toBeInstanceOf(DatabaseCounters);
    // The minute's cleanup stops with the app.
    expect(hooks).toEqual(['onClose']);
  });
});
