// Server test harness: an app on an in-memory PGlite, migrated and (by default) seeded: a copy of a
// database seeded once per run (tests/server/seeded-pglite-snapshot.ts). An app still takes about a second
// to start, so each test file builds one app in beforeAll and shares it.
// With TEST_DATABASE_URL (a PostgreSQL role allowed to create databases) every app gets its own
// fresh database instead, dropped on close, so parallel test files never share state.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig, type ServerConfig } from '#server/env.ts';
import { openPglite, openPostgres, type Db } from '#server/db/index.ts';
import { migrate } from '#server/db/migrate.ts';
import { throwawayPostgres } from '#server/db/throwaway-postgres.ts';
import { seed } from '#server/seed/index.ts';
import { seedCms } from '#server/seed/cms.ts';
import { cmsCacheFor } from '#server/cms-cache.ts';
import { seededSnapshot } from './seeded-pglite-snapshot.ts';
import { inject } from 'vitest';

export const root = resolve(import.meta.dirname, '../..');
const defaultPartnersDir = loadConfig({ PORT: '0', DATA_DIR: 'memory://' }, root).partnersDir;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  close(): Promise<void>;
}

/** A new, empty PostgreSQL database next to the one TEST_DATABASE_URL names; `drop` removes it. */
export const freshPostgres = (adminUrl: string) => throwawayPostgres(adminUrl, 'menuboard_t');

export async function createTestApp(
  options: {
    seed?: boolean;
    env?: NodeJS.ProcessEnv;
    /** Wraps the database the app sees (outage tests switch it off). */
    wrapDb?: (db: Db) => Db;
    logger?: Parameters<typeof buildApp>[0]['logger'];
  } = {},
): Promise<TestApp> {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();
  const env = { PORT: '0', DATA_DIR: 'memory://', TRUST_PROXY: '127.0.0.1', ...options.env };
  // On PostgreSQL a seeded app is a copy of the run's seeded template (tests/server/seeded-postgres-template.ts)
  // when it would be seeded from the same partners folder; otherwise migrated and seeded here.
  const template = testDatabaseUrl ? inject('seededPostgresTemplate') : null;
  const seeded = options.seed !== false && loadConfig(env, root).partnersDir;
  const copy = template && seeded === template.partnersDir ? template.name : undefined;
  const folder = testDatabaseUrl ? null : inject('seededPgliteFolder');
  // Only the repository's partners: a test's own partners folder may change between its apps.
  const snapshotFile = folder && seeded === defaultPartnersDir ? await seededSnapshot(folder, seeded) : undefined;
  const postgres = testDatabaseUrl ? await throwawayPostgres(testDatabaseUrl, 'menuboard_t', copy) : null;
  const config = loadConfig({ ...env, ...(postgres ? { DATABASE_URL: postgres.url } : {}), ...options.env }, root);
  let db: Db | null = null;
  try {
    db = postgres ? await openPostgres(postgres.url) : await openPglite('memory://', { loadDataDir: snapshotFile });
    if (!copy && !snapshotFile) {
      await migrate(db);
      if (options.seed !== false) await seed(db, config.partnersDir);
    }
    const app = await buildApp({ config, db: options.wrapDb ? options.wrapDb(db) : db, logger: options.logger });
    await app.ready();
    const opened = db;
    return {
      app,
      db: opened,
      config,
      async close() {
        await app.close();
        await opened.close();
        await postgres?.drop();
      },
    };
  } catch (error) {
    await db?.close();
    await postgres?.drop();
    throw error;
  }
}

/** Host header selecting a partner. */
/**
 * Puts a partner's CMS group (or only the named entries of it) back as seeded, whatever a test
 * drafted, published or scheduled there: its entries are written again by the seed, and members'
 * cached copy of the group is dropped. For tests that must pass alone and in any order.
 */
export async function restoreSeededCms(t: TestApp, partnerId: string, group: string, slugs?: string[]): Promise<void> {
  await t.db.query(`delete from cms_entries where partner_id = $1 and grp = $2 and ($3::text[] is null or slug = any($3::text[]))`, [
    partnerId,
    group,
    slugs ?? null,
  ]);
  await seedCms(t.db, t.config.partnersDir, [partnerId]);
  // The cache of the database the app was built with: a test may hand the app a wrapped `t.db`.
  cmsCacheFor(t.app.db).invalidate(partnerId, group);
}

/**
 * A stand-in for the built client (CLIENT_DIR) in a new temporary folder: these files by path
 * (`index.html`, the shell's template, at least) and an `assets/` folder. The caller removes it.
 */
export function stubClientDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'menuboard-client-'));
  mkdirSync(join(dir, 'assets'));
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

/** A shell template with the member app's stylesheet, as the build's index.html has. */
export const SHELL_TEMPLATE =
  '<!doctype html><html><head><title>Menuboard</title><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"></div></body></html>';

/**
 * A stand-in client (stubClientDir) that renders pages on the server: its ssr/render.js is the source
 * (src/client/server-render.tsx), run by vitest as the build's module would be. The caller removes it.
 */
export function renderingClientDir(template = SHELL_TEMPLATE): string {
  const dir = stubClientDir({ 'index.html': template });
  mkdirSync(join(dir, 'ssr'));
  writeFileSync(join(dir, 'ssr/render.js'), `export * from ${JSON.stringify(join(root, 'src/client/server-render.tsx'))};\n`);
  return dir;
}

/** The markup inside a page's #root (empty for the shell). */
export function rootOf(html: string): string {
  const start = html.indexOf('<div id="root"');
  return html.slice(html.indexOf('>', start) + 1, html.lastIndexOf('</div>'));
}

/** A log stream for createTestApp's logger that keeps every line the app writes, parsed. */
export function capturedLog(): { stream: Writable; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines };
}

export function host(partnerId: string): { host: string } {
  return { host: `${partnerId}.localhost` };
}

export interface CookieJar {
  /** The cookies as a Cookie header value. */
  header(): string;
  /** Keeps a response's cookies (merged over earlier ones) and a CSRF token it rotated. */
  store(res: LightMyRequestResponse): void;
  /** Plants a cookie, as a test that makes a session directly does. */
  set(name: string, value: string): void;
  /** The latest CSRF token: from GET /api/CSRF, or the one a sign-in or sign-out answered with. */
  csrf(): string | null;
  setCsrf(token: string): void;
}

export function cookieJar(): CookieJar {
  const jar = new Map<string, string>();
  let token: string | null = null;
  return {
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    set: (name, value) => void jar.set(name, value),
    csrf: () => token,
    setCsrf: (value) => void (token = value),
    store(res) {
      const rotated = res.headers['x-xsrf-token'];
      if (typeof rotated === 'string' && rotated) token = rotated;
      for (const c of res.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
        if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires && c.expires.getTime() < Date.now()))
          jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
    },
  };
}

/**
 * A CSRF token for a jar (GET /api/CSRF), so tests can make writes. It is bound to the session
 * cookies in the jar: plant those first; a sign-in through the API rotates it (jar.csrf()).
 */
export async function csrfFor(app: FastifyInstance, partnerId: string, jar: CookieJar): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/CSRF', headers: { ...host(partnerId), cookie: jar.header() } });
  jar.store(res);
  const token = (res.json() as { csrfToken: string }).csrfToken;
  jar.setCsrf(token);
  return token;
}

/**
 * The partner's seeded demo editor, signed in through the API (POST /api/cms/editor/session), as a
 * visitor would: its cookies and the CSRF token the sign-in rotated to.
 */
export async function signedInEditor(app: FastifyInstance, partnerId: string): Promise<{ jar: CookieJar; token: string }> {
  const jar = cookieJar();
  const token = await csrfFor(app, partnerId, jar);
  const res = await app.inject({
    method: 'POST',
    url: '/api/cms/editor/session',
    headers: { ...host(partnerId), cookie: jar.header(), 'x-xsrf-token': token },
    payload: { email: `editor@${partnerId}.example`, password: `editor-${partnerId}-2026` },
  });
  if (res.statusCode !== 200) throw new Error(`editor sign-in on ${partnerId}: ${res.statusCode} ${res.body}`);
  jar.store(res);
  return { jar, token: jar.csrf() ?? token };
}
