// One migrated, empty database for a test file that calls server modules directly (no app, no seed):
// an in-memory PGlite, or a throwaway PostgreSQL database when TEST_DATABASE_URL is set. Cheap enough
// for mutation testing (docs/mutation-testing.md), where a file's beforeAll runs once per mutant.
// (Not helpers.ts: that imports the whole app, seconds of module loading per mutant.)
import { openPglite, openPostgres, type Db } from '#server/db/index.ts';
import { migrate } from '#server/db/migrate.ts';
import { throwawayPostgres } from '#server/db/throwaway-postgres.ts';

export async function moduleDb(): Promise<{ db: Db; close(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  const postgres = adminUrl ? await throwawayPostgres(adminUrl, 'menuboard_t') : null;
  const db = postgres ? await openPostgres(postgres.url) : await openPglite('memory://');
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    await postgres?.drop();
    throw error;
  }
  return {
    db,
    async close() {
      await db.close();
      await postgres?.drop();
    },
  };
}
