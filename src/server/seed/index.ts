// Demo data, written on the first start of an empty database (and by tests).
import type { Db } from '../db/index.ts';
import { listPartnerIds } from '../partners/registry.ts';
import { seedMerchants } from './merchants.ts';
import { seedCms } from './cms.ts';
import { seedEditors } from './editors.ts';
import { seedMembers } from './members.ts';

export async function seedIfEmpty(db: Db, partnersDir: string): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from cms_entries');
  if ((rows[0]?.n ?? 0) > 0) return false;
  await seed(db, partnersDir);
  return true;
}

export async function seed(db: Db, partnersDir: string): Promise<void> {
  const partnerIds = listPartnerIds(partnersDir);
  await seedMerchants(db);
  await seedCms(db, partnersDir, partnerIds);
  await seedEditors(db, partnerIds);
  await seedMembers(db, partnerIds);
}
