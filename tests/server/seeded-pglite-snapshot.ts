// The server tests' seeded database on the embedded database (no TEST_DATABASE_URL). Creating,
// migrating and seeding a PGlite took 10-15 s per test app on the busy two-core CI machine; loading
// a copy of a seeded one takes about 1 s. The first app of a run migrates and seeds one database and
// writes its data directory to a tarball in the run's folder; every other app's database starts from
// that (`openPglite('memory://', { loadDataDir })`). Each app still has a database of its own in its
// own thread, so isolation is unchanged. On PostgreSQL, seeded-postgres-template.ts does the same
// with a template database.
//
// The default export is Vitest's global setup: it only names the run's folder (so a run without
// server tests seeds nothing) and removes it at the end.
import { existsSync, mkdtempSync, openSync, closeSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestProject } from 'vitest/node';
import { pgliteSnapshot } from '#server/db/index.ts';
import { migrate } from '#server/db/migrate.ts';
import { seed } from '#server/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for the seeded tarball; null on PostgreSQL. */
    seededPgliteFolder: string | null;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'menuboard-seeded-'));
  project.provide('seededPgliteFolder', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** How long a test app waits for another worker's seeding before seeding a copy itself. */
const WAIT_MS = 120_000;

/**
 * The tarball of a database migrated and seeded from `partnersDir` (always the same one in a run),
 * made once per run: the first caller seeds, callers in other workers meanwhile wait for its file.
 */
export async function seededSnapshot(folder: string, partnersDir: string): Promise<string> {
  const file = join(folder, 'seeded.tar');
  if (existsSync(file)) return file;
  let lock: number | null = null;
  try {
    lock = openSync(`${file}.lock`, 'wx');
  } catch {
    // Another worker is seeding it.
  }
  if (lock === null) {
    for (const started = Date.now(); Date.now() - started < WAIT_MS; await sleep(100)) if (existsSync(file)) return file;
  }
  const partial = `${file}.${process.pid}.part`;
  try {
    await pgliteSnapshot(partial, async (db) => {
      await migrate(db);
      await seed(db, partnersDir);
    });
    renameSync(partial, file);
  } finally {
    if (lock !== null) closeSync(lock);
  }
  return file;
}
