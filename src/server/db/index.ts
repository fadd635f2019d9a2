// One small query interface over PGlite (embedded default, in a worker thread) and node-postgres
// (DATABASE_URL). Repositories write plain PostgreSQL that runs on both.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { serverFile } from '../files.ts';
import { byteaParsers, byteaSerializers } from './pglite-bytea.mjs';

export interface QueryResult<Row> {
  rows: Row[];
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PgliteOptions {
  /**
   * Run PGlite in this thread instead of a worker thread. PGlite computes synchronously, so here every
   * query stops the server's other requests for its duration; only for tools that want no thread.
   */
  inProcess?: boolean;
  /**
   * A tarball of a data directory to start from (`pgliteSnapshot` writes one), loaded into a
   * `memory://` database: the server tests start each app from one migrated and seeded copy.
   */
  loadDataDir?: string;
}

/**
 * PostgreSQL settings of the embedded database. PGlite keeps PostgreSQL's default of 128 MB of shared
 * buffers, all of it in the process's memory once touched: most of the server's resident memory
 * (bench server-footprint). The demo data fits in a few MB of buffers; pages outside them are read
 * from DATA_DIR through the operating system's file cache. MB_PGLITE_SHARED_BUFFERS changes it.
 */
export function pgliteSettings(env: NodeJS.ProcessEnv = process.env): string[] {
  const sharedBuffers = env.MB_PGLITE_SHARED_BUFFERS?.trim() || '16MB';
  if (!/^\d+(kB|MB|GB)$/.test(sharedBuffers)) throw new Error(`MB_PGLITE_SHARED_BUFFERS must be a size such as 16MB, got ${sharedBuffers}`);
  return [`shared_buffers=${sharedBuffers}`];
}

/** The embedded database (DATA_DIR, or memory:// for tests), by default in its own thread. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Db> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  if (options.loadDataDir && !dataDir.startsWith('memory://')) throw new Error('a data directory is loaded only into memory://');
  if (options.inProcess) return (await openPgliteInProcess(dataDir, options.loadDataDir)).db;
  return openPgliteWorker(dataDir, options.loadDataDir);
}

/**
 * Runs `prepare` (migrations, seeding) on a new in-memory database and writes its data directory to
 * `file` as a tarball, which `openPglite('memory://', { loadDataDir: file })` starts from: about 1 s
 * instead of creating, migrating and seeding one (10-15 s on a busy two-core machine).
 */
export async function pgliteSnapshot(file: string, prepare: (db: Db) => Promise<void>): Promise<void> {
  const { db, pg } = await openPgliteInProcess('memory://');
  try {
    await prepare(db);
    const tarball = await pg.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await db.close();
  }
}

async function openPgliteInProcess(dataDir: string, loadDataDir?: string) {
  const [{ PGlite }, { btree_gist }, { cube }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // The search indexes (migrations 011 and 013) need these; PostgreSQL has them in its contrib package.
  const pg = await PGlite.create(dataDir, {
    extensions: { btree_gist, cube, pg_trgm },
    postgresqlconf: pgliteSettings(),
    serializers: byteaSerializers,
    parsers: byteaParsers,
    ...(loadDataDir ? { loadDataDir: new Blob([readFileSync(loadDataDir)]) } : {}),
  });
  // Pages in memory: random reads cost what sequential ones do (see pglite-worker.mjs).
  await pg.exec('set random_page_cost = 1.1');
  const wrap = (q: Pick<typeof pg, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await q.query<Row>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const db: Db = {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
  return { db, pg };
}

/** What db/pglite-worker.mjs answers (its header describes the protocol). */
interface WorkerAnswer {
  id?: number;
  ready?: boolean;
  ok?: boolean;
  rows?: unknown[];
  tx?: number;
  error?: { message: string } & Record<string, unknown>;
}

type WorkerRequest =
  | { op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

/** An error from the worker, with PostgreSQL's fields (code, detail...) as the driver gives them. */
const toError = (plain: { message: string } & Record<string, unknown>) => Object.assign(new Error(plain.message), plain);

async function openPgliteWorker(dataDir: string, loadDataDir?: string): Promise<Db> {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(serverFile('db/pglite-worker.mjs'), { workerData: { dataDir, loadDataDir, postgresqlconf: pgliteSettings() } });
  const pending = new Map<number, { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let stopped: Error | null = null;
  const stop = (error: Error) => {
    stopped ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    worker.once('message', (answer: WorkerAnswer) =>
      answer.ready ? resolve() : reject(toError(answer.error ?? { message: 'PGlite did not start' })),
    );
    worker.once('error', reject);
  });
  worker.on('message', (answer: WorkerAnswer) => {
    const waiting = answer.id === undefined ? undefined : pending.get(answer.id);
    if (!waiting || answer.id === undefined) return;
    pending.delete(answer.id);
    // An idle worker must not keep a finished script alive; a busy one must (see call).
    if (pending.size === 0) worker.unref();
    if (answer.ok) waiting.resolve(answer);
    else waiting.reject(toError(answer.error ?? { message: 'database worker failed' }));
  });
  worker.on('error', (error) => stop(error));
  worker.on('exit', (code) => stop(new Error(`Database is closed (worker exit ${code})`)));
  worker.unref();

  const call = (request: WorkerRequest): Promise<WorkerAnswer> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<WorkerAnswer>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...request, id });
    });
  };
  const queryable = (tx?: number): Queryable => ({
    async query<Row>(sql: string, params?: unknown[]) {
      const answer = await call({ op: 'query', sql, params, tx });
      return { rows: (answer.rows ?? []) as Row[] };
    },
    async exec(sql: string) {
      await call({ op: 'exec', sql, tx });
    },
  });

  return {
    kind: 'pglite',
    ...queryable(),
    async transaction(fn) {
      const { tx } = await call({ op: 'begin' });
      if (tx === undefined) throw new Error('database worker opened no transaction');
      let value;
      try {
        value = await fn(queryable(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return value;
    },
    async close() {
      if (stopped) return;
      await call({ op: 'close' });
      stop(new Error('Database is closed'));
      await worker.terminate();
    },
  };
}

export interface PostgresOptions {
  /** Give up opening a connection after this long (the caller then answers 503). */
  connectTimeoutMs?: number;
  /** The server cancels a statement running longer than this (statement_timeout). */
  statementTimeoutMs?: number;
  /**
   * Told about connection errors of idle pooled connections (a database restart). Without a
   * listener node-postgres would emit an unhandled 'error' event and end the process. The message
   * is ours, never the driver's (which can name the host and user).
   */
  onConnectionError?: (message: string) => void;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15000;

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const { default: pg } = await import('pg');
  // Return bigint/numeric as JS numbers the way PGlite does for our value ranges.
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(1700, (v) => Number(v));
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeout,
    // A client-side bound too, for a server that stopped answering without closing the socket.
    query_timeout: statementTimeout + 2000,
    idleTimeoutMillis: 30_000,
  });
  // A pooled connection that dies while idle (database restart, network cut) is dropped by the
  // pool, which then opens a fresh one on the next query: the process lives on.
  pool.on('error', (error: Error & { code?: string }) => {
    options.onConnectionError?.(`database connection lost (${error.code ?? 'no code'}); the pool reconnects on the next query`);
  });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await pool.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as Row[] };
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      // While checked out the pool does not listen; a connection dying between two statements
      // would otherwise be an unhandled 'error' event. The statement in flight fails instead.
      const onError = (): void => {
        broken = true;
      };
      client.on('error', onError);
      try {
        await client.query('begin');
        const tx: Queryable = {
          async query<Row>(sql: string, params?: unknown[]) {
            const result = await client.query(sql, params as unknown[] | undefined);
            return { rows: result.rows as Row[] };
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        };
        const value = await fn(tx);
        await client.query('commit');
        return value;
      } catch (error) {
        // A dead connection cannot roll back; it is thrown away below, and the original error counts.
        broken = await client.query('rollback').then(
          () => false,
          () => true,
        );
        throw error;
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

export function openDb(
  options: { databaseUrl: string | null; dataDir: string; dbConnectTimeoutMs?: number; dbStatementTimeoutMs?: number },
  onConnectionError?: (message: string) => void,
): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, {
        connectTimeoutMs: options.dbConnectTimeoutMs,
        statementTimeoutMs: options.dbStatementTimeoutMs,
        onConnectionError,
      })
    : openPglite(options.dataDir);
}

/**
 * A Db to hand out before the database is ready: each call waits for `ready` (the database opened,
 * migrated and seeded), then goes to it directly. The server builds its routes (CPU on the main
 * thread) while PGlite starts in its worker thread or PostgreSQL connects, rather than one after the
 * other (bench server-footprint, start to first answer).
 */
export function dbWhenReady(kind: Db['kind'], ready: Promise<Db>): Db {
  const waiting: Db = {
    kind,
    async query<Row>(sql: string, params?: unknown[]) {
      return (await ready).query<Row>(sql, params);
    },
    async exec(sql: string) {
      return (await ready).exec(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return (await ready).transaction(fn);
    },
    async close() {
      return (await ready).close();
    },
  };
  // Once ready, straight through: no extra turn per query.
  ready.then(
    (db) =>
      Object.assign(waiting, {
        query: db.query.bind(db),
        exec: db.exec.bind(db),
        transaction: db.transaction.bind(db),
        close: db.close.bind(db),
      }),
    () => {},
  );
  return waiting;
}
