// Two servers on one PostgreSQL: a publish on one is served by the other within a
// second (each instance's CMS cache keeps an answer at most TTL_MS = 1 s). PGlite is a single
// process, so this runs only with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { openPostgres, type Db } from '#server/db/index.ts';
import { TTL_MS } from '#server/cms-cache.ts';
import { createSession, EDITOR_COOKIE, EDITOR_SESSION_MS } from '#server/sessions.ts';
import { cookieJar, createTestApp, csrfFor, host, type TestApp } from './helpers.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let bDb: Db;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await createTestApp();
    bDb = await openPostgres(a.config.databaseUrl!);
    b = await buildApp({ config: a.config, db: bDb });
    await b.ready();
  }, 60_000);
  afterAll(async () => {
    vi.useRealTimers();
    await b?.close();
    await bDb?.close();
    await a?.close();
  });

  const copyright = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/api/cms/pages/*/?page_size=100', headers: host('skyline') });
    expect(res.statusCode).toBe(200);
    const footer = (res.json() as { data: Array<{ slug: string; fields: { copyright?: string } }> }).data.find((e) => e.slug === 'footer');
    return footer?.fields.copyright;
  };

  it('serves a publish made on the other instance within a second', async () => {
    const original = await copyright(b);
    expect(original).toBeTruthy();

    const { rows } = await a.db.query<{ id: number }>(`select id from cms_editors where partner_id = 'skyline'`);
    const session = await createSession(a.db, { partnerId: 'skyline', kind: 'editor', subjectId: rows[0]!.id, ttlMs: EDITOR_SESSION_MS });
    const jar = cookieJar();
    jar.set(EDITOR_COOKIE, session.id);
    const token = await csrfFor(a.app, 'skyline', jar);
    const headers = { ...host('skyline'), cookie: jar.header(), 'x-xsrf-token': token };
    const entry = await a.app.inject({ method: 'GET', url: '/api/cms/editor/entries/*/footer', headers });
    const current = entry.json() as {
      name: string;
      draft: { fields: Record<string, unknown> } | null;
      published: { fields: Record<string, unknown> } | null;
    };
    const fields = { ...(current.draft ?? current.published)!, copyright: '© Published on instance A' };
    const saved = await a.app.inject({
      method: 'PUT',
      url: '/api/cms/editor/entries/*/footer',
      headers,
      payload: { name: 'Footer', fields },
    });
    expect(saved.statusCode).toBe(200);
    const published = await a.app.inject({ method: 'POST', url: '/api/cms/editor/entries/*/footer/publish', headers, payload: {} });
    expect(published.statusCode).toBe(200);
    // Instance A shows it at once (its own publish clears its cache).
    expect(await copyright(a.app)).toBe('© Published on instance A');

    // One second later instance B serves it too.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + TTL_MS + 1);
    expect(await copyright(b)).toBe('© Published on instance A');
  });
});
