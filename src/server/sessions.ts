// Server sessions: a random 256-bit id in an HttpOnly SameSite cookie; only its SHA-256 is stored,
// so a database leak does not hand out live sessions.
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from './db/index.ts';

export const MEMBER_COOKIE = 'mb_session';
export const EDITOR_COOKIE = 'mb_editor';
/** Spec 000 §9: default session 15 minutes, remember-me 90 days. */
export const SESSION_MS = 15 * 60 * 1000;
export const REMEMBER_MS = 90 * 24 * 60 * 60 * 1000;
export const EDITOR_SESSION_MS = 8 * 60 * 60 * 1000;

export type SessionKind = 'member' | 'editor';

export interface Session {
  partnerId: string;
  kind: SessionKind;
  subjectId: number;
  remember: boolean;
  expiresAt: Date;
}

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

export async function createSession(
  db: Queryable,
  s: { partnerId: string; kind: SessionKind; subjectId: number; remember?: boolean; ttlMs: number },
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + s.ttlMs);
  await db.query('insert into sessions (id_hash, partner_id, kind, subject_id, remember, expires_at) values ($1, $2, $3, $4, $5, $6)', [
    hashSessionId(id),
    s.partnerId,
    s.kind,
    s.subjectId,
    s.remember ?? false,
    expiresAt.toISOString(),
  ]);
  return { id, expiresAt };
}

export async function findSession(db: Queryable, id: string | undefined, kind: SessionKind): Promise<Session | null> {
  if (!id || id.length > 200) return null;
  const { rows } = await db.query<{
    partner_id: string;
    kind: SessionKind;
    subject_id: number;
    remember: boolean;
    expires_at: string | Date;
  }>('select partner_id, kind, subject_id, remember, expires_at from sessions where id_hash = $1 and kind = $2 and expires_at > now()', [
    hashSessionId(id),
    kind,
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    partnerId: row.partner_id,
    kind: row.kind,
    subjectId: Number(row.subject_id),
    remember: row.remember,
    expiresAt: new Date(row.expires_at),
  };
}

/** Slides the expiry forward (member activity keeps the session alive). */
export async function touchSession(db: Queryable, id: string, ttlMs: number): Promise<Date> {
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.query('update sessions set expires_at = $2 where id_hash = $1', [hashSessionId(id), expiresAt.toISOString()]);
  return expiresAt;
}

export async function deleteSession(db: Queryable, id: string | undefined): Promise<void> {
  if (!id) return;
  await db.query('delete from sessions where id_hash = $1', [hashSessionId(id)]);
}

/** Ends a member's sessions, all of them or all but `keepSessionId`'s. */
export async function deleteMemberSessions(db: Queryable, memberId: number, keepSessionId?: string): Promise<void> {
  if (keepSessionId === undefined) await db.query("delete from sessions where kind = 'member' and subject_id = $1", [memberId]);
  else
    await db.query("delete from sessions where kind = 'member' and subject_id = $1 and id_hash <> $2", [
      memberId,
      hashSessionId(keepSessionId),
    ]);
}
