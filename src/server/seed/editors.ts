import type { Db } from '../db/index.ts';

export async function seedEditors(_db: Db, _partnerIds: string[]): Promise<void> {}
