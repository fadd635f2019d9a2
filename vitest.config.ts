import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/server/**/*.test.ts',
      'registry/**/*.test.{ts,tsx}',
      'src/**/*.test.{ts,tsx}',
      'tools/**/*.test.ts',
    ],
    environment: 'node',
    // One migrated and seeded database per run, which server tests' databases copy: a template on
    // PostgreSQL, a data directory tarball on PGlite. Named only where the file is: a project copy
    // without server tests, as the new-block test makes, runs too.
    globalSetup: [
      process.env.TEST_DATABASE_URL ? 'tests/server/seeded-postgres-template.ts' : 'tests/server/seeded-pglite-snapshot.ts',
    ].filter((file) => existsSync(new URL(file, import.meta.url))),
    // Server tests share one PGlite database per worker; two workers keep a 2-core machine busy.
    pool: 'forks',
    maxWorkers: 2,
    // Ceilings against hangs, not speed checks (speed lives in `npm run bench`): a test that hashes a
    // dozen passwords (128 MiB scrypt each) can take a minute on a loaded two-core CI machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
