// Two demo CMS editors per partner: editor@<partner>.example / editor-<partner>-2026, and a second one,
// editor2@<partner>.example / editor2-<partner>-2026, so two people can work on one entry (conflicts,
// kept versions) as they would (docs/demo-data.md lists them).
import type { Db } from '../db/index.ts';
import { hashPassword } from '../passwords.ts';

export function demoEditor(partnerId: string): { email: string; password: string; name: string } {
  const title = partnerId.charAt(0).toUpperCase() + partnerId.slice(1);
  return { email: `editor@${partnerId}.example`, password: `editor-${partnerId}-2026`, name: `${title} Editor` };
}

/** The second demo editor of a partner. */
export function secondDemoEditor(partnerId: string): { email: string; password: string; name: string } {
  const { name } = demoEditor(partnerId);
  return { email: `editor2@${partnerId}.example`, password: `editor2-${partnerId}-2026`, name: `${name} 2` };
}

export async function seedEditors(db: Db, partnerIds: string[]): Promise<void> {
  const editors = partnerIds.flatMap((partnerId) => [
    { partnerId, ...demoEditor(partnerId) },
    { partnerId, ...secondDemoEditor(partnerId) },
  ]);
  // scrypt runs on libuv's thread pool, so hashing them together takes about as long as one.
  const hashes = await Promise.all(editors.map((e) => hashPassword(e.password)));
  await db.query(
    `insert into cms_editors (partner_id, email, name, password_hash)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[])
     on conflict (partner_id, email) do nothing`,
    [editors.map((e) => e.partnerId), editors.map((e) => e.email), editors.map((e) => e.name), hashes],
  );
}
