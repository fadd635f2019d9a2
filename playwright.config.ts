// Browser tests against the production build served by the real server (tools/e2e-server.mjs).
// Every worker has a server of its own (tests/e2e/worker-server.ts): its own port, copy of
// partners/, database and outbox, started by the global setup (tests/e2e/start-servers.ts), so a
// test that edits a partner file, publishes a layout or moves the server's clock affects only the
// tests of its own worker, which run one at a time.
import dns, { type LookupOptions } from 'node:dns';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { PORT } from './tests/e2e/worker-server.ts';

// The run's folder, holding one folder per worker's server. The config is evaluated in the runner
// and again in every worker; workers inherit the runner's environment, so it is made once and
// every process agrees on it.
if (!process.env.E2E_RUN_DIR) {
  process.env.E2E_RUN_DIR = mkdtempSync(join(tmpdir(), 'menuboard-e2e-run-'));
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
  // One server per worker (see the top of this file).
  globalSetup: './tests/e2e/start-servers.ts',
  use: {
    // This worker's own server (in the runner, where no test runs, slot 0's).
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs about a sixth of a browser test's CPU (28 search tests: 300 core-seconds
    // with it, 249 without), and CI's browser tests are held by the CPU. On CI a test is traced on
    // its retry, so a failure still leaves one; locally (no retry) every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
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
});
