// The account lock (spec 000 §4 and §9: locked for 30 minutes after failed sign-ins; five failures
// within 30 minutes, DESIGN §9) called directly on a migrated database, so each mutant of
// src/server/auth/lockout.ts costs seconds (docs/mutation-testing.md). The numbers are the product's,
// written as literals, never read from the module.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index.ts';
import { ageFailures, clearFailures, lockedUntil, loginKey, recordFailure } from '#server/auth/lockout.ts';
import { moduleDb } from './module-db.ts';

const MINUTE = 60_000;
let db: Db;
let close: () => Promise<void>;
let n = 0;
/** A key no other test counts under. */
const fresh = () => `m:${++n}`;

beforeAll(async () => {
  ({ db, close } = await moduleDb());
});
afterAll(() => close());

async function fail(key: string, times: number, at: Date, partner = 'harbor'): Promise<boolean[]> {
  const answers: boolean[] = [];
  for (let i = 0; i < times; i++) answers.push(await recordFailure(db, partner, key, at));
  return answers;
}

describe('the account lock', () => {
  it('locks on the fifth failure, not before, for 30 minutes from that failure', async () => {
    const key = fresh();
    const t = new Date('2026-01-01T12:00:00Z');
    expect(await fail(key, 4, t)).toEqual([false, false, false, false]);
    expect(await lockedUntil(db, 'harbor', key, t)).toBeNull();
    expect(await recordFailure(db, 'harbor', key, t)).toBe(true);
    expect(await lockedUntil(db, 'harbor', key, t)).toEqual(new Date(t.getTime() + 30 * MINUTE));
    // Still locked a moment before the 30 minutes are over, free at the end.
    expect(await lockedUntil(db, 'harbor', key, new Date(t.getTime() + 30 * MINUTE - 1))).not.toBeNull();
    expect(await lockedUntil(db, 'harbor', key, new Date(t.getTime() + 30 * MINUTE))).toBeNull();
  });

  it('counts failures spread over up to 30 minutes, and forgets those older than that', async () => {
    const t = new Date('2026-01-01T12:00:00Z');
    const within = fresh();
    await fail(within, 4, t);
    expect(await recordFailure(db, 'harbor', within, new Date(t.getTime() + 30 * MINUTE))).toBe(true);

    const beyond = fresh();
    await fail(beyond, 4, t);
    // 30 minutes and a millisecond after the first failure, counting starts again at one.
    const later = new Date(t.getTime() + 30 * MINUTE + 1);
    expect(await recordFailure(db, 'harbor', beyond, later)).toBe(false);
    expect(await fail(beyond, 3, later)).toEqual([false, false, false]);
    expect(await recordFailure(db, 'harbor', beyond, later)).toBe(true);
  });

  it('starts counting afresh once a lock has run out', async () => {
    const key = fresh();
    const t = new Date('2026-01-01T12:00:00Z');
    await fail(key, 5, t);
    const after = new Date(t.getTime() + 30 * MINUTE);
    expect(await recordFailure(db, 'harbor', key, after)).toBe(false);
    expect(await lockedUntil(db, 'harbor', key, after)).toBeNull();
  });

  it('keeps counting while locked, and the lock runs from the latest failure', async () => {
    const key = fresh();
    const t = new Date('2026-01-01T12:00:00Z');
    await fail(key, 5, t);
    const t2 = new Date(t.getTime() + 10 * MINUTE);
    expect(await recordFailure(db, 'harbor', key, t2)).toBe(true);
    expect(await lockedUntil(db, 'harbor', key, t2)).toEqual(new Date(t2.getTime() + 30 * MINUTE));
  });

  it('keeps each partner and each key apart, and a clear forgets the failures', async () => {
    const key = fresh();
    const other = fresh();
    const t = new Date('2026-01-01T12:00:00Z');
    await fail(key, 4, t);
    expect(await recordFailure(db, 'skyline', key, t)).toBe(false);
    expect(await recordFailure(db, 'harbor', other, t)).toBe(false);
    await clearFailures(db, 'harbor', key);
    expect(await fail(key, 4, t)).toEqual([false, false, false, false]);
    await fail(key, 1, t);
    await clearFailures(db, 'harbor', key);
    expect(await lockedUntil(db, 'harbor', key, t)).toBeNull();
  });

  it('counts two failures sent at once as two', async () => {
    const key = fresh();
    const t = new Date('2026-01-01T12:00:00Z');
    await fail(key, 3, t);
    const both = await Promise.all([recordFailure(db, 'harbor', key, t), recordFailure(db, 'harbor', key, t)]);
    expect(both.sort()).toEqual([false, true]);
  });

  it('ages one key alone (the test hook the browser tests use)', async () => {
    const key = fresh();
    const other = fresh();
    const t = new Date('2026-01-01T12:00:00Z');
    await fail(key, 5, t);
    await fail(other, 5, t);
    await ageFailures(db, 'harbor', key, 30 * MINUTE);
    expect(await lockedUntil(db, 'harbor', key, t)).toBeNull();
    expect(await lockedUntil(db, 'harbor', other, t)).not.toBeNull();
  });
});

describe('the login key', () => {
  it('is the account when there is one, else the identifier as typed, trimmed and in lower case', () => {
    expect(loginKey(42, 'Ann@Example.com')).toBe('m:42');
    expect(loginKey(0, 'x')).toBe('m:0');
    expect(loginKey(null, '  Ann@Example.COM ')).toBe('i:ann@example.com');
  });
});
