// @ts-check
/* global Blob -- Node's, as in the browser */
// The embedded database in its own thread (openPglite in index.ts). PGlite is PostgreSQL compiled to
// WebAssembly and runs synchronously: in the server's thread a 10 ms query stops every other request
// for 10 ms. Here it stops only this thread. Plain JavaScript, not TypeScript: a worker is started by
// Node itself, outside tsx and vitest, and Node 20 does not read TypeScript.
//
// workerData: {dataDir, loadDataDir?, postgresqlconf}
// Messages in:  {id, op: 'query', sql, params, tx?} | {id, op: 'exec', sql, tx?} | {id, op: 'begin'}
//               | {id, op: 'end', tx, commit} | {id, op: 'close'}
// Messages out: {ready: true} | {ready: false, error} once, then {id, ok: true, rows?, tx?} | {id, ok: false, error}
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { byteaParsers, byteaSerializers } from './pglite-bytea.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** An error as plain data: PostgreSQL's fields (code, detail, constraint...) survive the trip. */
function toPlain(/** @type {unknown} */ error) {
  /** @type {Record<string, unknown>} */
  const plain = { message: error instanceof Error ? error.message : String(error) };
  if (typeof error === 'object' && error !== null) {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') plain[key] = value;
    }
  }
  return plain;
}

/** @type {PGlite} */
let pg;
try {
  // The search indexes (migrations 011 and 013) need these extensions.
  // postgresqlconf: the settings db/index.ts chooses (pgliteSettings, shared buffers).
  pg = await PGlite.create(workerData.dataDir, {
    extensions: { btree_gist, cube, pg_trgm },
    postgresqlconf: workerData.postgresqlconf,
    // Uploads are megabytes of bytea: Buffer's hex codec, not PGlite's byte-at-a-time one.
    serializers: byteaSerializers,
    parsers: byteaParsers,
    // A data directory to start from (openPglite's loadDataDir: the server tests' seeded copy).
    ...(workerData.loadDataDir ? { loadDataDir: new Blob([readFileSync(workerData.loadDataDir)]) } : {}),
  });
  // PGlite's pages are in memory: reading one out of order costs what reading the next does.
  // PostgreSQL's default of 4 (for spinning disks) had the planner scan every merchant rather than
  // walk the search index near 10 000 merchants (db/index.ts sets the same in-process).
  await pg.exec('set random_page_cost = 1.1');
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: toPlain(error) });
  process.exit(1);
}

/**
 * Open transactions by number: each is a PGlite transaction whose callback waits for 'end'. PGlite
 * queues every other query behind it, as it does in one thread.
 * @type {Map<number, {tx: import('@electric-sql/pglite').Transaction, finish: (commit: boolean) => void, done: Promise<unknown>}>}
 */
const transactions = new Map();
let nextTx = 1;
const ROLLBACK = Symbol('rollback');

/** @param {number | undefined} tx */
function target(tx) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error('transaction is no longer open');
  return open.tx;
}

/** @param {any} message the protocol above */
async function handle(message) {
  switch (message.op) {
    case 'query': {
      const result = await target(message.tx).query(message.sql, message.params);
      return { rows: result.rows };
    }
    case 'exec':
      await target(message.tx).exec(message.sql);
      return {};
    case 'begin': {
      const id = nextTx++;
      /** @type {(value: {tx: import('@electric-sql/pglite').Transaction}) => void} */
      let started = () => {};
      const begun = new Promise((resolve) => (started = resolve));
      /** @type {(commit: boolean) => void} */
      let finish = () => {};
      const done = pg.transaction(async (tx) => {
        const ended = new Promise((resolve, reject) => (finish = (commit) => (commit ? resolve(undefined) : reject(ROLLBACK))));
        started({ tx });
        await ended;
      });
      // A transaction that fails to begin fails the caller; its later outcome is awaited by 'end'.
      const settled = done.then(() => null);
      settled.catch(() => {});
      const first = await Promise.race([begun, settled]);
      if (!first) throw new Error('transaction ended before it began');
      transactions.set(id, { tx: first.tx, finish, done });
      return { tx: id };
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) return {};
      transactions.delete(message.tx);
      open.finish(message.commit);
      try {
        await open.done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      return {};
    }
    case 'close':
      await pg.close();
      return {};
    default:
      throw new Error(`unknown operation ${String(message.op)}`);
  }
}

port.on('message', (message) => {
  handle(message).then(
    (answer) => port.postMessage({ id: message.id, ok: true, ...answer }),
    (error) => port.postMessage({ id: message.id, ok: false, error: toPlain(error) }),
  );
});
