// One demo CMS editor per partner: editor@<partner>.example / editor-<partner>-2026 (README lists them).
import type { Db } from '../db/index.ts';
import { hashPassword } from '../passwords.ts';

export function demoEditor(partnerId: string): { email: string; password: string; name: string } {
  const title = partnerId.charAt(0).toUpperCase() + partnerId.slice(1);
  return { email: `editor@${partnerId}.example`, password: `editor-${partnerId}-2026`, name: `${title} Editor` };
}

export async function seedEditors(db: Db, partnerIds: string[]): Promise<void> {
  const editors = partnerIds.map((partnerId) => ({ partnerId, ...demoEditor(partnerId) }));
  // scrypt runs on libuv's thread pool, so hashing them together takes about as long as one.
  const hashes = await Promise.all(editors.map((e) => hashPassword(e.password)));
  await db.query(
    `insert into cms_editors (partner_id, email, name, password_hash)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[])
     on conflict (partner_id, email) do nothing`,
    [editors.map((e) => e.partnerId), editors.map((e) => e.email), editors.map((e) => e.name), hashes],
  );
}
