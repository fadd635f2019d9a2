// The embedded database runs with 16 MB of shared buffers, not PostgreSQL's 128 MB, which PGlite
// keeps in the server's memory (src/server/db/index.ts pgliteSettings; bench server-footprint).
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, pgliteSettings, type Db } from '#server/db/index.ts';

const opened: Db[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
});

describe('embedded database memory', () => {
  it('runs with 16 MB of shared buffers in its thread', async () => {
    const db = await openPglite('memory://');
    opened.push(db);
    const { rows } = await db.query<{ shared_buffers: string }>('show shared_buffers');
    expect(rows[0]?.shared_buffers).toBe('16MB');
  });

  it('takes another size from MB_PGLITE_SHARED_BUFFERS and refuses what is not a size', () => {
    expect(pgliteSettings({ MB_PGLITE_SHARED_BUFFERS: '64MB' })).toEqual(['shared_buffers=64MB']);
    expect(() => pgliteSettings({ MB_PGLITE_SHARED_BUFFERS: '64MB; fsync=off' })).toThrow(/MB_PGLITE_SHARED_BUFFERS/);
  });
});
