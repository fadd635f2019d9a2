// @ts-check
// Password hashes that may wait (a join, a reset, a profile change, a provider sign-up, seeding) run
// in this thread at a lower CPU priority (passwords.ts), so on a machine busy with a flood of them a
// member's sign-in, hashed at normal priority, and the server's own thread still get the cores first.
// On Linux a thread's niceness is its own: os.setPriority here leaves the server's threads alone.
// Plain JavaScript: a worker is started by Node itself, outside tsx and vitest.
//
// Messages in:  {id, password, salt, keyLength, options} | {id, op: 'priority'}
// Messages out: {id, key} | {id, error} | {id, priority}
import { scryptSync } from 'node:crypto';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
try {
  setPriority(Number(workerData?.nice ?? 10));
} catch {
  // Not allowed here (some containers): hashes still run, at the server's priority.
}

port.on(
  'message',
  (
    /** @type {{ id: number; op?: string; password: string; salt: Uint8Array; keyLength: number; options: import('node:crypto').ScryptOptions }} */ job,
  ) => {
    if (job.op === 'priority') {
      port.postMessage({ id: job.id, priority: getPriority() });
      return;
    }
    try {
      const key = scryptSync(job.password, job.salt, job.keyLength, job.options);
      port.postMessage({ id: job.id, key });
    } catch (error) {
      port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  },
);
