// Browser tests against the production build served by the real server (tools/e2e-server.mjs),
// on its own port, with a throwaway copy of partners/ and a fresh database per run.
import dns, { type LookupOptions } from 'node:dns';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3400);

// Tests edit partner files on disk (hot reload), so they get a copy. The config is evaluated in the
// runner and again in every worker; workers inherit the runner's environment, so the directory is
// made once and every process agrees on it.
if (!process.env.E2E_PARTNERS_DIR) {
  process.env.E2E_PARTNERS_DIR = join(mkdtempSync(join(tmpdir(), 'menuboard-e2e-')), 'partners');
}

// Chromium resolves `<partner>.localhost` to loopback by itself (RFC 6761), but Node asks the system
// resolver, which on these machines does not know `*.localhost`. Tests also call partner hosts from
// Node (page.request, fetch), and this file is loaded in every worker, so loopback is taught here.
const isPartnerHost = (host: string) => /\.localhost\.?$/i.test(host);
const lookupPromise = dns.promises.lookup.bind(dns.promises);
dns.promises.lookup = ((host: string, options?: LookupOptions) =>
  lookupPromise(isPartnerHost(host) ? 'localhost' : host, options ?? {})) as typeof dns.promises.lookup;
const lookupCallback = dns.lookup.bind(dns) as (host: string, options: LookupOptions, cb: (...args: unknown[]) => void) => void;
dns.lookup = ((host: string, options: LookupOptions | ((...args: unknown[]) => void), cb?: (...args: unknown[]) => void) => {
  const callback = typeof options === 'function' ? options : cb!;
  lookupCallback(isPartnerHost(host) ? 'localhost' : host, typeof options === 'function' ? {} : options, callback);
}) as typeof dns.lookup;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  // One retry on CI: two workers, a server and a database share two cores there, and about one test
  // in 400 has timed out once a run with no cause found. A test that passes only on the retry is
  // still listed by name at the end of the run (tools/run-tests.mjs), so it is seen and not hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // A ceiling against hangs, not a speed check (speed lives in `npm run bench`): CI shares two cores
  // between two browser workers, the server and its database, and a cold page load there can take seconds.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node tools/e2e-server.mjs',
    url: `http://localhost:${port}/api/CSRF`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server close its database and remove its temporary folders.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      E2E_PORT: String(port),
      E2E_PARTNERS_DIR: process.env.E2E_PARTNERS_DIR,
    },
  },
});
