// Demo data, written on the first start of an empty database (and by tests).
import type { Db } from '../db/index.ts';
import { listPartnerIds } from '../partners/registry.ts';
import { seedMerchants } from './merchants.ts';
import { seedCms } from './cms.ts';
import { seedEditors } from './editors.ts';
import { seedMembers } from './members.ts';
import { seedAccount } from './account.ts';

export async function seedIfEmpty(db: Db, partnersDir: string): Promise<boolean> {
  // A marker row, written last: a seed that died half-way is retried on the next start after
  // clearing what it had written (the demo tables hold nothing but seed data until it completes).
  const { rows } = await db.query<{ value: string }>("select value from app_secrets where name = 'seeded_at'");
  if (rows.length) {
    await topUpAccount(db, partnersDir);
    return false;
  }
  await db.exec(
    'delete from cms_entries; delete from reservations; delete from merchant_reviews; delete from merchant_details; delete from merchants; delete from cms_editors; delete from sessions; delete from members;',
  );
  await seed(db, partnersDir);
  await db.query("insert into app_secrets (name, value) values ('seeded_at', $1)", [new Date().toISOString()]);
  await db.query("insert into app_secrets (name, value) values ('seeded_account_at', $1) on conflict do nothing", [
    new Date().toISOString(),
  ]);
  return true;
}

/**
 * A database seeded before the account centre existed gets its demo data (and the demo members
 * added with it) once, on the next start; every insert skips rows that exist.
 */
async function topUpAccount(db: Db, partnersDir: string): Promise<void> {
  const { rows } = await db.query<{ value: string }>("select value from app_secrets where name = 'seeded_account_at'");
  if (rows.length) return;
  const partnerIds = listPartnerIds(partnersDir);
  await seedMembers(db, partnerIds);
  await seedAccount(db, partnerIds);
  await db.query("insert into app_secrets (name, value) values ('seeded_account_at', $1) on conflict do nothing", [
    new Date().toISOString(),
  ]);
}

export async function seed(db: Db, partnersDir: string): Promise<void> {
  const partnerIds = listPartnerIds(partnersDir);
  await seedMerchants(db);
  await seedCms(db, partnersDir, partnerIds);
  await seedEditors(db, partnerIds);
  await seedMembers(db, partnerIds);
  await seedAccount(db, partnerIds);
}
