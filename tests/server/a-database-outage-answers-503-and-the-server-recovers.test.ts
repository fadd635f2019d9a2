// The database going away and coming back: API calls answer 503 with Retry-After and no driver
// text (host, user, error text) in bodies or info logs, CMS content keeps coming from the last good
// copy in memory, and the same process serves again once the database is back.
// Part one switches the database off inside the app (runs on PGlite and PostgreSQL); part two puts a
// TCP proxy between the app and a real PostgreSQL and cuts it (only with TEST_DATABASE_URL).
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/env.ts';
import { openPostgres, type Db, type Queryable } from '#server/db/index.ts';
import { migrate } from '#server/db/migrate.ts';
import { seed } from '#server/seed/index.ts';
import { cookieJar, createTestApp, csrfFor, freshPostgres, host, root, type TestApp } from './helpers.ts';

const PASSWORD = 'Dining-2026!';
/** What must never reach a caller: the driver's words, the database host, user and name. */
const LEAKS = [/127\.0\.0\.1:\d+/, /:5432/, /menuboard_test/, /menuboard_t_/, /password authentication/i, /postgres/i, /terminat/i];

/** Bodies carry none of it, nor the error code; logs may name the code (ECONNREFUSED) for operators. */
function expectNoLeak(text: string, log = false): void {
  for (const leak of log ? LEAKS : [...LEAKS, /ECONN/i]) expect(text).not.toMatch(leak);
}

/** A database handle that fails like node-postgres does when the server is unreachable. */
function switchable(db: Db): { db: Db; down: boolean } {
  const state = { down: false, db: db };
  const refuse = (): never => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432 (user menuboard_test)'), {
      code: 'ECONNREFUSED',
      address: '127.0.0.1',
      port: 5432,
    });
  };
  const guard = (q: Queryable): Queryable => ({
    query: async (sql, params) => (state.down ? refuse() : q.query(sql, params)),
    exec: async (sql) => (state.down ? refuse() : q.exec(sql)),
  });
  state.db = {
    ...guard(db),
    kind: db.kind,
    transaction: async (fn) => (state.down ? refuse() : db.transaction((tx) => fn(guard(tx)))),
    close: () => db.close(),
  };
  return state;
}

async function signIn(app: FastifyInstance, partner: string, jar: ReturnType<typeof cookieJar>) {
  const token = await csrfFor(app, partner, jar);
  const res = await app.inject({
    method: 'POST',
    url: '/api/Member/SignIn',
    headers: { ...host(partner), cookie: jar.header(), 'x-xsrf-token': token },
    payload: { email: `card2@${partner}.example`, password: PASSWORD },
  });
  jar.store(res);
  // The token rotates at sign-in: later writes use the one the sign-in answered with.
  return { res, token: jar.csrf() ?? token };
}

describe('database timeouts', () => {
  it('come from DB_CONNECT_TIMEOUT_MS and DB_STATEMENT_TIMEOUT_MS, with defaults, and refuse nonsense', () => {
    expect(loadConfig({})).toMatchObject({ dbConnectTimeoutMs: 5000, dbStatementTimeoutMs: 15000 });
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '2000', DB_STATEMENT_TIMEOUT_MS: '30000' })).toMatchObject({
      dbConnectTimeoutMs: 2000,
      dbStatementTimeoutMs: 30000,
    });
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });
});

describe('while the database is unreachable', () => {
  let t: TestApp;
  let state: { db: Db; down: boolean };
  const logs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      wrapDb: (db) => (state = switchable(db)).db,
      logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
    });
  }, 60_000);
  afterAll(async () => {
    state.down = false;
    await t?.close();
  });
  afterEach(() => {
    state.down = false;
    vi.useRealTimers();
  });

  it('answers API calls 503 with Retry-After and a plain message, and recovers when it is back', async () => {
    const jar = cookieJar();
    const { res: signedIn, token } = await signIn(t.app, 'skyline', jar);
    expect(signedIn.statusCode).toBe(200);

    state.down = true;
    const member = await t.app.inject({ method: 'GET', url: '/api/Member', headers: { ...host('skyline'), cookie: jar.header() } });
    expect(member.statusCode).toBe(503);
    expect(member.headers['retry-after']).toMatch(/^\d+$/);
    expect(member.json()).toMatchObject({ statusCode: 503, message: expect.stringMatching(/try again/i) });
    expectNoLeak(member.body);

    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/Member',
      headers: { ...host('skyline'), cookie: jar.header(), 'x-xsrf-token': token },
      payload: { firstName: 'Ann' },
    });
    expect(write.statusCode).toBe(503);
    expectNoLeak(write.body);

    const signIn2 = await t.app.inject({
      method: 'POST',
      url: '/api/Member/SignIn',
      headers: { ...host('skyline'), cookie: jar.header(), 'x-xsrf-token': token },
      payload: { email: 'card0@skyline.example', password: PASSWORD },
    });
    expect(signIn2.statusCode).toBe(503);
    expectNoLeak(signIn2.body);

    // Info logs say what happened without the driver's text.
    const info = logs.filter((line) => (JSON.parse(line) as { level: number }).level <= 40).join('\n');
    expect(info).toMatch(/database unavailable/);
    expectNoLeak(info, true);

    state.down = false;
    const again = await t.app.inject({ method: 'GET', url: '/api/Member', headers: { ...host('skyline'), cookie: jar.header() } });
    expect(again.statusCode).toBe(200);
  });

  it('keeps serving CMS content read before the outage, past the cache lifetime', async () => {
    const url = '/api/cms/pages/home/?page_size=100';
    const before = await t.app.inject({ method: 'GET', url, headers: host('greenleaf') });
    expect(before.statusCode).toBe(200);
    expect((before.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);

    state.down = true;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const during = await t.app.inject({ method: 'GET', url, headers: host('greenleaf') });
    expect(during.statusCode).toBe(200);
    expect(during.body).toBe(before.body);

    // A group never read has no copy to fall back on: 503, not a driver error.
    const unseen = await t.app.inject({ method: 'GET', url: '/api/cms/pages/popup/?page_size=100', headers: host('greenleaf') });
    expect(unseen.statusCode).toBe(503);
    expectNoLeak(unseen.body);
  });
});

/** A TCP proxy in front of PostgreSQL: `stop` cuts every connection and refuses new ones. */
class Proxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL restart behind a proxy', () => {
  let app: FastifyInstance;
  let db: Db;
  let proxy: Proxy;
  let drop: () => Promise<void>;
  const lost: string[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    const fresh = await freshPostgres(process.env.TEST_DATABASE_URL!);
    drop = fresh.drop;
    const target = new URL(fresh.url);
    proxy = new Proxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(fresh.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    db = await openPostgres(viaProxy.toString(), { connectTimeoutMs: 2000, onConnectionError: (m) => void lost.push(m) });
    await migrate(db);
    await seed(db, loadConfig({}, root).partnersDir);
    const config = loadConfig({ PORT: '0', DATA_DIR: 'memory://', DATABASE_URL: viaProxy.toString() }, root);
    app = await buildApp({ config, db, logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await proxy?.stop();
    await drop?.();
  });

  it('answers 503 while it is down and 200 again after it is back, in the same process', async () => {
    const jar = cookieJar();
    const { res } = await signIn(app, 'metro', jar);
    expect(res.statusCode).toBe(200);
    const cms = await app.inject({ method: 'GET', url: '/api/cms/pages/home/?page_size=100', headers: host('metro') });
    expect(cms.statusCode).toBe(200);

    await proxy.stop();
    // Let the cut reach the pool's idle connections (without an 'error' listener on the pool this
    // would end the test process).
    for (let i = 0; i < 50 && lost.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const member = await app.inject({ method: 'GET', url: '/api/Member', headers: { ...host('metro'), cookie: jar.header() } });
    expect(member.statusCode).toBe(503);
    expect(member.headers['retry-after']).toMatch(/^\d+$/);
    expectNoLeak(member.body);
    // Idle pooled connections died with the proxy; the pool said so and the process lives on.
    expect(lost.length).toBeGreaterThan(0);
    expectNoLeak(lost.join('\n'), true);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const stale = await app.inject({ method: 'GET', url: '/api/cms/pages/home/?page_size=100', headers: host('metro') });
    vi.useRealTimers();
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(cms.body);

    await proxy.start();
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      const again = await app.inject({ method: 'GET', url: '/api/Member', headers: { ...host('metro'), cookie: jar.header() } });
      status = again.statusCode;
      expect([200, 503]).toContain(status);
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);

    const info = logs.filter((line) => (JSON.parse(line) as { level: number }).level <= 40).join('\n');
    expectNoLeak(info, true);
  }, 60_000);
});
