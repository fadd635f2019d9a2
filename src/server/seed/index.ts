// Demo data, written on the first start of an empty database.
import type { Db } from '../db/index.ts';

export async function seedIfEmpty(db: Db, partnersDir: string): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from cms_entries');
  if ((rows[0]?.n ?? 0) > 0) return false;
  await seed(db, partnersDir);
  return true;
}

export async function seed(_db: Db, _partnersDir: string): Promise<void> {}
