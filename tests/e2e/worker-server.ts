// One browser-test server per Playwright worker slot, so two workers never see each other's state.
// Slot N (Playwright's TEST_PARALLEL_INDEX, 0 .. workers-1, kept by a worker that replaces a
// crashed one) has its own server on E2E_PORT + 2N (its providers origin on the next port), its
// own copy of partners/ to edit, its own database and its own outbox. tests/e2e/start-servers.ts
// starts them all before the first test; helpers and playwright.config.ts read this worker's from here.
import { join } from 'node:path';

/** The first slot's port (default 3400); slot N uses E2E_PORT + 2N and E2E_PORT + 2N + 1. */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 3400);

export const slotPort = (slot: number): number => BASE_PORT + 2 * slot;

/**
 * A slot's folder inside the run's folder (E2E_RUN_DIR, made by playwright.config.ts in the runner
 * and inherited by every worker). tools/e2e-server.mjs removes it when its server stops.
 */
export function slotDir(slot: number): string {
  const run = process.env.E2E_RUN_DIR;
  if (!run) throw new Error('E2E_RUN_DIR is not set (playwright.config.ts sets it)');
  return join(run, `menuboard-e2e-slot-${slot}`);
}

/** The slot this process tests against: its worker's parallel index (0 in the runner). */
export const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** This worker's server. */
export const PORT = slotPort(SLOT);
export const PROVIDERS_PORT = PORT + 1;

/** This worker's server's copy of partners/ (tests edit partner.json files here; hot-reloaded). */
export const partnersDir = (): string => join(slotDir(SLOT), 'partners');

/** Where this worker's server writes its mail (tools/e2e-server.mjs: beside the partners copy). */
export const outboxDir = (): string => join(slotDir(SLOT), 'outbox');
