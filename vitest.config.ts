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
    // Server tests share one PGlite database per worker; two workers keep a 2-core machine busy.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
