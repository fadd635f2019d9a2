// Vitest global setup for the server tests on PostgreSQL (TEST_DATABASE_URL): migrates and seeds one
// template database per run, which every test app's database is then copied from
// (`create database ... template`, tests/server/helpers.ts). Seeding hashes the demo members'
// passwords and writes every partner's merchants and content, 5-8 s on the CI machine, once per app
// before; a copy takes about 0.2 s. Each app still gets a database of its own, so isolation is
// unchanged. On PGlite (no TEST_DATABASE_URL) this does nothing.
import type { TestProject } from 'vitest/node';
import { loadConfig } from '#server/env.ts';
import { openPostgres } from '#server/db/index.ts';
import { migrate } from '#server/db/migrate.ts';
import { throwawayPostgres } from '#server/db/throwaway-postgres.ts';
import { seed } from '#server/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded template's database name and the partners folder it was seeded from; null on PGlite. */
    seededPostgresTemplate: { name: string; partnersDir: string } | null;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!adminUrl) {
    project.provide('seededPostgresTemplate', null);
    return;
  }
  const root = project.config.root;
  const { partnersDir } = loadConfig({ PORT: '0', DATA_DIR: 'memory://' }, root);
  const template = await throwawayPostgres(adminUrl, 'menuboard_tpl');
  const db = await openPostgres(template.url);
  try {
    await migrate(db);
    await seed(db, partnersDir);
    // Nothing left for autovacuum to do, and no connections allowed: a copy fails while any
    // session, autovacuum's included, is in the template.
    await db.exec('vacuum analyze');
  } finally {
    await db.close();
  }
  const name = new URL(template.url).pathname.slice(1);
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`alter database ${name} allow_connections false`);
  } finally {
    await admin.end();
  }
  project.provide('seededPostgresTemplate', { name, partnersDir });
  return () => template.drop();
}
