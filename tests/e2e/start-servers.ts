// Playwright's global setup: one browser-test server (tools/e2e-server.mjs) per worker slot
// (tests/e2e/worker-server.ts), all started before the first test and stopped after the last.
// The number of slots is the run's worker count, so `--workers=1` starts one server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { slotDir, slotPort } from './worker-server.ts';

const root = join(import.meta.dirname, '../..');
const READY_WITHIN_MS = 120_000;

/** Any answer but a 404 or 5xx counts as up, as for Playwright's own webServer. */
async function answers(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://localhost:${port}/api/CSRF`, { signal: AbortSignal.timeout(2_000) });
    return res.status < 404;
  } catch {
    return false;
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    // SIGTERM lets the server close its database and remove its folders; a hung one is killed.
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

export default async function startServers(config: FullConfig): Promise<() => Promise<void>> {
  const slots = Math.max(1, config.workers);
  for (let slot = 0; slot < slots; slot++) {
    if (await answers(slotPort(slot))) throw new Error(`port ${slotPort(slot)} is already in use: set E2E_PORT to a free range`);
  }
  // Built once here, so the servers starting side by side do not each rebuild the same bundle.
  const build = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./tools/build-when-stale.mjs')).buildServerWhenStale()"],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('building the server failed');

  const children: ChildProcess[] = [];
  const stopAll = async () => {
    await Promise.all(children.map(stop));
    rmSync(process.env.E2E_RUN_DIR!, { recursive: true, force: true });
  };
  try {
    await Promise.all(
      Array.from({ length: slots }, async (_, slot) => {
        const port = slotPort(slot);
        // The IPC channel ends when this runner does, however it ends: the server stops with it.
        const child = spawn(process.execPath, [join(root, 'tools/e2e-server.mjs')], {
          cwd: root,
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          env: { ...process.env, E2E_PORT: String(port), E2E_PARTNERS_DIR: join(slotDir(slot), 'partners') },
        });
        children.push(child);
        const ended: { how?: string } = {};
        child.once('exit', (code, signal) => (ended.how = `exited (${signal ?? code})`));
        const deadline = Date.now() + READY_WITHIN_MS;
        while (!(await answers(port))) {
          if (ended.how) throw new Error(`the browser-test server for worker slot ${slot} (port ${port}) ${ended.how}`);
          if (Date.now() > deadline)
            throw new Error(`the browser-test server on port ${port} did not answer within ${READY_WITHIN_MS / 1000} s`);
          await new Promise((r) => setTimeout(r, 200));
        }
      }),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
