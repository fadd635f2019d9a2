// Server-side secrets, generated once and kept in the database so every instance shares them.
import { randomBytes } from 'node:crypto';
import type { Queryable } from './db/index.ts';

export async function getOrCreateSecret(db: Queryable, name: string): Promise<string> {
  const fresh = randomBytes(32).toString('base64url');
  await db.query('insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, fresh]);
  const { rows } = await db.query<{ value: string }>('select value from app_secrets where name = $1', [name]);
  return rows[0]!.value;
}
