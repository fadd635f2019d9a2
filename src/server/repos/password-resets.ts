// Password reset links (routes/recovery.ts): only each token's SHA-256 is stored; a token is single
// use and expires. The caller holds the transaction where two statements must go together.
import type { Queryable } from '../db/index.ts';

/** Retires the member's unused links: a newer request makes older mails useless. */
export async function retireResetTokens(tx: Queryable, memberId: number, now: Date): Promise<void> {
  await tx.query('update password_resets set used_at = $2 where member_id = $1 and used_at is null', [memberId, now.toISOString()]);
}

export async function insertResetToken(tx: Queryable, tokenHash: string, memberId: number, now: Date, expiresAt: Date): Promise<void> {
  await tx.query('insert into password_resets (token_hash, member_id, created_at, expires_at) values ($1, $2, $3, $4)', [
    tokenHash,
    memberId,
    now.toISOString(),
    expiresAt.toISOString(),
  ]);
}

/** The member an unused, unexpired token belongs to, or null. */
export async function resetTokenMember(db: Queryable, tokenHash: string, now: Date): Promise<number | null> {
  const { rows } = await db.query<{ member_id: number }>(
    'select member_id from password_resets where token_hash = $1 and used_at is null and expires_at > $2',
    [tokenHash, now.toISOString()],
  );
  return rows[0]?.member_id ?? null;
}

/**
 * Marks the token used and answers whose it was, or null when it was not usable. Single use even
 * when two requests race: only one update finds the token unused.
 */
export async function useResetToken(tx: Queryable, tokenHash: string, now: Date): Promise<number | null> {
  const { rows } = await tx.query<{ member_id: number }>(
    'update password_resets set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning member_id',
    [tokenHash, now.toISOString()],
  );
  return rows[0]?.member_id ?? null;
}

/** The new password from a reset; proving the mailbox also activates a web profile that was not active. */
export async function setPasswordFromReset(tx: Queryable, memberId: number, passwordHash: string): Promise<void> {
  await tx.query('update members set password_hash = $2, has_web_profile = true, active = true where id = $1', [memberId, passwordHash]);
}
