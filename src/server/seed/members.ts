import type { Db } from '../db/index.ts';

export async function seedMembers(_db: Db, _partnerIds: string[]): Promise<void> {}
