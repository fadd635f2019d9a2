// Platform endpoints (spec 000 §4, §7): CSRF on every write, sign-out, known member, impressions,
// the service worker and the session expiry cookie.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createSession, EDITOR_COOKIE, findSession, MEMBER_COOKIE, SESSION_MS } from '#server/sessions.ts';
import { cookieJar, createTestApp, csrfFor, host, type TestApp } from './helpers.ts';

// Every route the app registers, seen through an onRoute hook installed as Fastify creates the app,
// so a write route added later is covered without anyone listing it here.
const registered = vi.hoisted(() => [] as Array<{ method: string; url: string }>);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const create = ((options?: Parameters<typeof original.default>[0]) => {
    const app = original.default(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method: String(method), url: route.url });
    });
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: create };
});

let t: TestApp;
let memberId: number;
const PUBLIC_ID = 'pub-platform-test-1';

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { rows } = await t.db.query<{ id: number }>(
    `insert into members (partner_id, public_id, email, password_hash, first_name, last_name, member_type, tier_level,
       phone_number, partner_number, address)
     values ('skyline', $1, 'known@example.com', 'scrypt$secret', 'Kim', 'Known', 'NonCardMember', 1, '2125550100', '1234567890',
       '{"address1": "1 Main St", "city": "New York", "state": "NY", "zipCode": "10036"}'::jsonb)
     returning id`,
    [PUBLIC_ID],
  );
  memberId = Number(rows[0]!.id);
});
afterAll(() => t?.close());

async function signedInJar(remember = false) {
  const jar = cookieJar();
  const session = await createSession(t.db, { partnerId: 'skyline', kind: 'member', subjectId: memberId, remember, ttlMs: SESSION_MS });
  jar.set(MEMBER_COOKIE, session.id);
  return { jar, sessionId: session.id };
}

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

describe('CSRF on every write', () => {
  it('finds the write routes through onRoute (the enumeration works)', () => {
    const writes = registered.filter((r) => WRITE_METHODS.includes(r.method));
    expect(writes.map((w) => `${w.method} ${w.url}`)).toContain('POST /api/Impressions');
    expect(writes.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 403 to every write without a token, and to a token that does not match the cookie', async () => {
    const writes = registered.filter((r) => WRITE_METHODS.includes(r.method));
    const jar = cookieJar();
    await csrfFor(t.app, 'skyline', jar); // a real CSRF cookie, so only the header is missing
    const failures: string[] = [];
    for (const route of writes) {
      const url = route.url.replace(/:(\w+)/g, 'x').replace(/\*/g, 'x');
      for (const headers of [{}, { 'x-xsrf-token': 'forged-token-value' }]) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...host('skyline'), cookie: jar.header(), 'content-type': 'application/json', ...headers },
          payload: '{}',
        });
        if (res.statusCode !== 403) failures.push(`${route.method} ${route.url} ${JSON.stringify(headers)} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a write whose path is percent-encoded: the router decodes it to the same handler', async () => {
    const jar = cookieJar();
    await csrfFor(t.app, 'skyline', jar);
    for (const url of ['/%61pi/Impressions', '/api/%49mpressions', '/api//Impressions']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...host('skyline'), cookie: jar.header(), 'content-type': 'application/json' },
        payload: '[]',
      });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('GET /api/SignOut', () => {
  it('ends the member session on the server, clears the cookies and leaves the editor session alone', async () => {
    const { jar, sessionId } = await signedInJar();
    const editor = await createSession(t.db, { partnerId: 'skyline', kind: 'editor', subjectId: 1, ttlMs: SESSION_MS });
    const cookie = `${jar.header()}; ${EDITOR_COOKIE}=${editor.id}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/Member', headers: { ...host('skyline'), cookie } })).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'GET',
      url: '/api/SignOut',
      headers: { ...host('skyline'), cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ signedOut: true });
    const cleared = out.cookies.filter((c) => c.value === '' || (c.expires && c.expires.getTime() <= Date.now()));
    expect(cleared.map((c) => c.name)).toEqual(expect.arrayContaining([MEMBER_COOKIE, 'mb_session_expires']));
    expect(out.cookies.map((c) => c.name)).not.toContain(EDITOR_COOKIE);

    // Even a client that kept the old cookie is anonymous now.
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/Member',
      headers: { ...host('skyline'), cookie: `${MEMBER_COOKIE}=${sessionId}` },
    });
    expect(after.statusCode).toBe(401);
    expect(await findSession(t.db, sessionId, 'member')).toBeNull();
    expect(await findSession(t.db, editor.id, 'editor')).not.toBeNull();
  });

  it('answers {signedOut: true} when nobody was signed in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/SignOut',
      headers: { ...host('skyline'), 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: true });
  });
});

describe('session expiry cookie', () => {
  it('GET /api/Member slides the session 15 minutes and sets a JS-readable mb_session_expires', async () => {
    const { jar, sessionId } = await signedInJar();
    await t.db.query(`update sessions set expires_at = now() + interval '2 minutes' where subject_id = $1 and kind = 'member'`, [memberId]);
    const before = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/Member', headers: { ...host('skyline'), cookie: jar.header() } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'mb_session_expires');
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBeFalsy();
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    const expiresAt = Date.parse(decodeURIComponent(cookie!.value));
    expect(expiresAt - before).toBeGreaterThan(SESSION_MS - 5000);
    expect(expiresAt - before).toBeLessThan(SESSION_MS + 5000);
    const session = await findSession(t.db, sessionId, 'member');
    expect(Math.abs(session!.expiresAt.getTime() - expiresAt)).toBeLessThan(1000);
  });

  it('a remember-me session slides to 90 days', async () => {
    const { jar } = await signedInJar(true);
    const res = await t.app.inject({ method: 'GET', url: '/api/Member', headers: { ...host('skyline'), cookie: jar.header() } });
    const cookie = res.cookies.find((c) => c.name === 'mb_session_expires')!;
    const days = (Date.parse(decodeURIComponent(cookie.value)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
  });
});

describe('GET /api/Member/{publicId} (known member)', () => {
  it('answers what the activation screen shows: first name, tier and account state; the email masked, the last name as an initial', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Member/${PUBLIC_ID}`, headers: host('skyline') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      publicId: PUBLIC_ID,
      firstName: 'Kim',
      lastName: 'K',
      email: 'k***@example.com',
      memberType: 'NonCardMember',
      tierLevel: 1,
      hasWebProfile: true,
      active: true,
      interfaceType: 'known',
    });
    expect(res.body).not.toMatch(/scrypt|2125550100|1234567890|Main St|known@|Known/);
  });

  it("answers 404 (never a redirect) for an unknown id or another partner's member", async () => {
    for (const [partner, id] of [
      ['skyline', 'nobody-here'],
      ['greenleaf', PUBLIC_ID],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/Member/${id}`, headers: host(partner) });
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
  });
});

describe('POST /api/Impressions', () => {
  it('counts a batch per day, event, page and block and answers 202', async () => {
    const jar = cookieJar();
    const token = await csrfFor(t.app, 'metro', jar);
    const records = [
      {
        channel: 'web',
        dateTime: '2026-11-21T10:00:00.000Z',
        userAgent: 'Mozilla/5.0 test',
        event: 'page_view',
        path: '/search?q=pizza',
        merchantId: null,
      },
      { channel: 'web', dateTime: '2026-11-21T10:00:00.500Z', userAgent: 'Mozilla/5.0 test', event: 'page_view', path: '/search' },
      {
        channel: 'web',
        dateTime: '2026-11-21T10:00:01.000Z',
        userAgent: 'Mozilla/5.0 test',
        event: 'block_view',
        path: '/',
        blockId: 'hero',
      },
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Impressions',
      headers: { ...host('metro'), cookie: jar.header(), 'x-xsrf-token': token },
      payload: records,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 3 });
    const { rows } = await t.db.query<{ event: string; page: string; block_id: string; count: number }>(
      `select event, page, block_id, count from impression_counts where partner_id = 'metro' order by event desc, page`,
    );
    expect(rows.map((r) => ({ ...r, count: Number(r.count) }))).toEqual([
      { event: 'page_view', page: '/search', block_id: '', count: 2 },
      { event: 'block_view', page: '/', block_id: 'hero', count: 1 },
    ]);
  });

  it('rejects records that are not web impressions, lack the fixed fields or nest objects', async () => {
    const jar = cookieJar();
    const token = await csrfFor(t.app, 'metro', jar);
    const bad = [
      [{ channel: 'app', dateTime: '2026-11-21T10:00:00Z', userAgent: 'x' }],
      [{ channel: 'web', dateTime: 'yesterday', userAgent: 'x' }],
      [{ channel: 'web', dateTime: '2026-13-45T10:00:00Z', userAgent: 'x' }],
      [{ channel: 'web', dateTime: '2026-11-21T10:00:00Z' }],
      [{ channel: 'web', dateTime: '2026-11-21T10:00:00Z', userAgent: 'x', nested: { a: 1 } }],
      [],
      { channel: 'web' },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Impressions',
        headers: { ...host('metro'), cookie: jar.header(), 'x-xsrf-token': token, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('GET /worker.js', () => {
  it('serves a service worker script for the whole scope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/worker.js', headers: host('skyline') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.body).toContain("addEventListener('fetch'");
    // It must at least parse as a script.
    expect(() => new Function(res.body)).not.toThrow();
  });
});
