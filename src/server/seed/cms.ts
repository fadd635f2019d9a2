import type { Db } from '../db/index.ts';

export async function seedCms(_db: Db, _partnersDir: string, _partnerIds: string[]): Promise<void> {}
