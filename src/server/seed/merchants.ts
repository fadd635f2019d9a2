import type { Db } from '../db/index.ts';

export async function seedMerchants(_db: Db): Promise<void> {}
