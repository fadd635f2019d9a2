#!/usr/bin/env node
// A browser-test server (tests/e2e/start-servers.ts starts one per Playwright worker): the production
// build (client and compiled server) on E2E_PORT (providers on E2E_PORT + 1) with a fresh copy of
// partners/ in E2E_PARTNERS_DIR, a fresh PGlite data dir and outbox, all removed again when it stops.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { buildServerWhenStale } from './build-when-stale.mjs';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const port = Number(process.env.E2E_PORT ?? 3400);

// CLIENT_DIR (also read by the server) lets parallel work build and test separate copies.
const built = join(resolve(root, process.env.CLIENT_DIR?.trim() || 'dist/client'), 'index.html');
if (!existsSync(built)) {
  console.error(`e2e-server: ${built} is missing.`, ' Build the client first: `npm run build` (npm test does it for you).');
  process.exit(1);
}

function newest(dir) {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    const s = statSync(full);
    latest = Math.max(latest, s.isDirectory() ? newest(full) : s.mtimeMs);
  }
  return latest;
}
if (statSync(built).mtimeMs < Math.max(newest(join(root, 'src/client')), newest(join(root, 'registry')))) {
  console.error('e2e-server: warning: dist/client is older than src/client or registry; run `npm run build` to test the current code.');
}

// The compiled server, as `npm start` runs it (built here when stale: about a second).
const serverBundle = buildServerWhenStale();

const scratch = mkdtempSync(join(tmpdir(), 'menuboard-e2e-server-'));
const partnersDir = process.env.E2E_PARTNERS_DIR || join(scratch, 'partners');
const ownsPartners = !process.env.E2E_PARTNERS_DIR;
// The folder is wiped and refilled, so only ever one made for the run under the temp dir.
if (!ownsPartners && (!partnersDir.startsWith(tmpdir() + '/') || !/^menuboard-e2e-/.test(basename(dirname(partnersDir))))) {
  console.error(
    `e2e-server: E2E_PARTNERS_DIR must be a folder inside a menuboard-e2e-* folder under ${tmpdir()} (tests/e2e/worker-server.ts names one per worker), got ${partnersDir}`,
  );
  process.exit(1);
}
rmSync(partnersDir, { recursive: true, force: true });
mkdirSync(dirname(partnersDir), { recursive: true });
cpSync(join(root, 'partners'), partnersDir, { recursive: true });

function cleanUp() {
  rmSync(scratch, { recursive: true, force: true });
  // The partners copy lives in this worker slot's folder (tests/e2e/worker-server.ts).
  rmSync(ownsPartners ? partnersDir : dirname(partnersDir), { recursive: true, force: true });
}

const child = spawn(process.execPath, [serverBundle], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PROVIDERS_PORT: String(port + 1),
    PARTNERS_DIR: partnersDir,
    DATA_DIR: join(scratch, 'data'),
    // Beside the partners copy (in the worker slot's folder), where browser tests read the reset
    // emails (outboxDir in tests/e2e/worker-server.ts); removed with that folder.
    OUTBOX_DIR: join(dirname(partnersDir), 'outbox'),
    // Test-only routes (POST /api/__test/*, src/server/routes/auth.ts): only this test server sets it.
    MB_TEST_HOOKS: '1',
    // New password hashes at a low scrypt cost (src/server/passwords.ts): the suite signs in hundreds of times.
    MB_TEST_FAST_HASHING: '1',
    // Browser tests pose as many visitors (per-address rate limits) by naming an address in
    // X-Forwarded-For, as a proxy on loopback would; a real deployment sets its own proxies.
    TRUST_PROXY: '127.0.0.1,::1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
// Started by tests/e2e/start-servers.ts with an IPC channel: it closes when the Playwright runner
// ends, even on a crash, and the server stops with it instead of holding its port.
process.on('disconnect', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
