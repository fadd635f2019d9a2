// Account lockout (spec 000 §4, §9): 5 failed sign-ins within 30 minutes lock the login key for 30
// minutes. The state lives in the database (sign_in_failures), so every instance agrees.
import type { Db, Queryable } from '../db/index.ts';

export const MAX_FAILURES = 5;
export const LOCK_MS = 30 * 60 * 1000;
/** Failures older than this no longer count towards a lock. */
export const FAILURE_WINDOW_MS = 30 * 60 * 1000;

/** The counter of one account (`m:<id>`), or of an identifier that matches no account (`i:<text>`). */
export function loginKey(memberId: number | null, identifier: string): string {
  return memberId !== null ? `m:${memberId}` : `i:${identifier.trim().toLowerCase()}`;
}

interface FailureRow {
  failures: number;
  first_failed_at: string | Date;
  locked_until: string | Date | null;
}

export async function lockedUntil(db: Queryable, partnerId: string, key: string, now: Date): Promise<Date | null> {
  const { rows } = await db.query<FailureRow>(
    'select failures, first_failed_at, locked_until from sign_in_failures where partner_id = $1 and login_key = $2',
    [partnerId, key],
  );
  const until = rows[0]?.locked_until ? new Date(rows[0].locked_until) : null;
  return until && until > now ? until : null;
}

/** Counts a failure; answers whether the key is locked now (the failure that locks says so at once). */
export function recordFailure(db: Db, partnerId: string, key: string, now: Date): Promise<boolean> {
  // Row lock: two instances counting the same key at once must not lose a failure.
  return db.transaction((tx) => recordIn(tx, partnerId, key, now));
}

async function recordIn(db: Queryable, partnerId: string, key: string, now: Date): Promise<boolean> {
  await db.query(
    `insert into sign_in_failures (partner_id, login_key, failures, first_failed_at) values ($1, $2, 0, $3)
     on conflict (partner_id, login_key) do nothing`,
    [partnerId, key, now.toISOString()],
  );
  const { rows } = await db.query<FailureRow>(
    'select failures, first_failed_at, locked_until from sign_in_failures where partner_id = $1 and login_key = $2 for update',
    [partnerId, key],
  );
  const row = rows[0]!;
  const lockExpired = row.locked_until !== null && new Date(row.locked_until) <= now;
  const windowOver = now.getTime() - new Date(row.first_failed_at).getTime() > FAILURE_WINDOW_MS;
  const fresh = lockExpired || windowOver || row.failures === 0;
  const failures = fresh ? 1 : row.failures + 1;
  const firstFailedAt = fresh ? now : new Date(row.first_failed_at);
  const locked = failures >= MAX_FAILURES;
  await db.query(
    'update sign_in_failures set failures = $3, first_failed_at = $4, locked_until = $5 where partner_id = $1 and login_key = $2',
    [partnerId, key, failures, firstFailedAt.toISOString(), locked ? new Date(now.getTime() + LOCK_MS).toISOString() : null],
  );
  return locked;
}

export async function clearFailures(db: Queryable, partnerId: string, key: string): Promise<void> {
  await db.query('delete from sign_in_failures where partner_id = $1 and login_key = $2', [partnerId, key]);
}

/** Test hook (MB_TEST_HOOKS=1 only): ages one key's failures and lock by ageMs, as if that much time had passed for it alone. */
export async function ageFailures(db: Queryable, partnerId: string, key: string, ageMs: number): Promise<void> {
  const shift = (column: string) => `${column} = ${column} - ($3::bigint * interval '1 millisecond')`;
  await db.query(
    `update sign_in_failures set ${shift('first_failed_at')}, ${shift('locked_until')} where partner_id = $1 and login_key = $2`,
    [partnerId, key, ageMs],
  );
}
