// CMS editors (cms_editors) and the throttle on their sign-in (cms_editor_login_failures).
import type { Queryable } from '../db/index.ts';

type Timestamp = string | Date | null;

export interface EditorRow {
  id: number;
  partner_id: string;
  email: string;
  name: string;
  password_hash: string;
}

export async function findEditorByEmail(db: Queryable, partnerId: string, email: string): Promise<EditorRow | null> {
  const { rows } = await db.query<EditorRow>(
    'select id, partner_id, email, name, password_hash from cms_editors where partner_id = $1 and lower(email) = lower($2)',
    [partnerId, email],
  );
  const row = rows[0];
  return row ? { ...row, id: Number(row.id) } : null;
}

export async function findEditorById(db: Queryable, id: number): Promise<EditorRow | null> {
  const { rows } = await db.query<EditorRow>('select id, partner_id, email, name, password_hash from cms_editors where id = $1', [id]);
  const row = rows[0];
  return row ? { ...row, id: Number(row.id) } : null;
}

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Milliseconds until sign-in is allowed again for this email, or 0 when it is allowed now: at
 * LOGIN_FAILURE_LIMIT failures within the window, the oldest of them has to age out first.
 */
export async function loginBlockedForMs(db: Queryable, partnerId: string, email: string): Promise<number> {
  const { rows } = await db.query<{ failed_at: Timestamp }>(
    `select failed_at from cms_editor_login_failures
      where partner_id = $1 and email = lower($2) and failed_at > now() - make_interval(secs => $3)
      order by failed_at desc limit $4`,
    [partnerId, email, LOGIN_FAILURE_WINDOW_MS / 1000, LOGIN_FAILURE_LIMIT],
  );
  if (rows.length < LOGIN_FAILURE_LIMIT) return 0;
  const oldest = rows[rows.length - 1]?.failed_at ?? null;
  return oldest === null ? 0 : Math.max(1000, new Date(oldest).getTime() + LOGIN_FAILURE_WINDOW_MS - Date.now());
}

export async function recordLoginFailure(db: Queryable, partnerId: string, email: string): Promise<void> {
  // Old rows of this email are pruned as new ones arrive, so the table stays small.
  await db.query(
    `delete from cms_editor_login_failures
      where partner_id = $1 and email = lower($2) and failed_at <= now() - make_interval(secs => $3)`,
    [partnerId, email, LOGIN_FAILURE_WINDOW_MS / 1000],
  );
  await db.query('insert into cms_editor_login_failures (partner_id, email) values ($1, lower($2))', [partnerId, email]);
}

export async function clearLoginFailures(db: Queryable, partnerId: string, email: string): Promise<void> {
  await db.query('delete from cms_editor_login_failures where partner_id = $1 and email = lower($2)', [partnerId, email]);
}
