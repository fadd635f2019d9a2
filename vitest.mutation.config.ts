// The Vitest setup Stryker runs (stryker.config.mjs): the project's, limited to the test files that
// cover the modules being mutated (MUTATION_TESTS, comma-separated), one worker. Not mergeConfig:
// that would append these files to the project's whole include list.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

const files = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean);
if (files.length === 0) throw new Error('vitest.mutation.config.ts: MUTATION_TESTS names no test files (run it through npm run mutate)');

export default defineConfig({ ...base, test: { ...base.test, include: files, maxWorkers: 1 } });
