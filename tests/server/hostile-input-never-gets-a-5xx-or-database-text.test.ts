// Hostile input: no route answers 5xx, or shows database text, to malformed JSON, wrong
// types, NUL characters or lone surrogates in any string, out-of-range numbers, deep nesting or
// oversized bodies. Requests are generated with fast-check from every route's own schemas (found
// through an onRoute hook, so a route added later is covered without being listed here), sent by a
// signed-in member and editor with a valid CSRF token, so they reach the handlers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createSession, EDITOR_COOKIE, EDITOR_SESSION_MS, MEMBER_COOKIE, SESSION_MS } from '#server/sessions.ts';
import { rmSync } from 'node:fs';
import { cookieJar, createTestApp, csrfFor, host, stubClientDir, type TestApp } from './helpers.ts';

type Schema = Record<string, unknown>;
interface Route {
  method: string;
  url: string;
  body?: Schema;
  querystring?: Schema;
  params?: Schema;
}

const registered = vi.hoisted(() => [] as Array<{ method: string; url: string; schema?: Record<string, unknown> }>);
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const create = ((options?: Parameters<typeof original.default>[0]) => {
    const app = original.default(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        registered.push({ method: String(method), url: route.url, schema: route.schema as Record<string, unknown> | undefined });
      }
    });
    return app;
  }) as unknown as typeof original.default;
  return { ...original, default: create };
});

/** Text that must never reach a caller: database and driver wording. */
const LEAK = /postgres|pglite|syntax error|violates|relation "|column "|invalid input|out of range for|unterminated|ECONN|stack depth/i;

/** Routes whose valid input costs a password hash (~0.3 s): they get hostile input only. */
const HASHING = /SignIn|cms\/editor\/session$|Prospect|Recover\/Update|Activate|Member$/;
/** Routes that end the sessions this test signs in with; they take no input worth fuzzing. */
const SKIP = /SignOut|^\/api\/__test|\/\*$|worker\.js|^\/sso|cms\/editor\/session$/;

let t: TestApp;
let clientDir: string;
let routes: Route[];
let headers: Record<string, string>;
let schemas: Record<string, Schema>;

function resolveRef(ref: string, base: string): Schema | undefined {
  const [file] = ref.split('#');
  if (!file) return undefined;
  const dir = base.includes('/') ? base.slice(0, base.lastIndexOf('/') + 1) : '';
  return schemas[file] ?? schemas[`${dir}${file}`];
}

const LONE = ['\uD800', '\uDFFF', 'a\uDBFFb', 'x\uDC00'];
const hostileString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', ...LONE, '', ' ', 'x'.repeat(5000), "'; drop table members; --", '💳', '%00', '../../etc/passwd'),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileNumber = fc.constantFrom(1e308, -1e308, 2 ** 53, -(2 ** 31), 2 ** 31, -1, 0, 0.5, 1e-300, 99999999999);

/** Values shaped by a schema (often valid), with the hostile edge cases mixed in at every leaf. */
function arb(schema: Schema | undefined, base: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(schema.$ref, base);
    const id = (target?.$id as string | undefined) ?? base;
    return arb(target, id, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum))
    return fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...(schema.enum as unknown[])) }, { weight: 1, arbitrary: hostileString });
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.length)
      return fc.oneof(...(list as Schema[]).map((s) => arb({ ...schema, [key]: undefined, ...s }, base, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
  switch (type) {
    case 'string': {
      if (typeof schema.pattern === 'string' && schema.pattern.includes('T\\d{2}')) {
        const iso = fc.date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
        return fc.oneof(
          { weight: 10, arbitrary: iso },
          { weight: 1, arbitrary: fc.stringMatching(new RegExp(schema.pattern)) },
          { weight: 1, arbitrary: hostileString },
        );
      }
      if (typeof schema.pattern === 'string' && schema.pattern.length < 200) {
        return fc.oneof({ weight: 10, arbitrary: fc.stringMatching(new RegExp(schema.pattern)) }, { weight: 1, arbitrary: hostileString });
      }
      if (schema.format === 'email') return fc.oneof({ weight: 10, arbitrary: fc.emailAddress() }, { weight: 1, arbitrary: hostileString });
      const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 60) : 30;
      return fc.oneof({ weight: 10, arbitrary: fc.string({ maxLength: max }) }, { weight: 1, arbitrary: hostileString });
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
      return fc
        .oneof(
          {
            weight: 6,
            arbitrary:
              type === 'integer' ? fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }) : fc.double({ min, max, noNaN: true }),
          },
          { weight: 1, arbitrary: hostileNumber },
        )
        .filter(() => true);
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, null));
    case 'null':
      return fc.constant(null);
    case 'array': {
      const maxItems = typeof schema.maxItems === 'number' ? Math.min(schema.maxItems, 4) : 4;
      return fc.array(arb(schema.items as Schema | undefined, base, depth + 1), { maxLength: maxItems });
    }
    default: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const names = Object.keys(properties);
      if (!names.length && type !== 'object') return fc.jsonValue({ maxDepth: 2 });
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const name of names) record[name] = arb(properties[name], base, depth + 1);
      return fc.record(record, { requiredKeys: names.filter((n) => required.has(n) || Math.random() < 0.5) });
    }
  }
}

/** JSON nested `depth` levels deep (as text: JSON.stringify itself would run out of stack). */
function deep(depth: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    open += i % 2 ? '[' : '{"a":';
    close = (i % 2 ? ']' : '}') + close;
  }
  return `${open}"x"${close}`;
}

/** Replaces the n-th string or number leaf of a value. */
function poison(value: unknown, n: number, replacement: unknown): unknown {
  let seen = 0;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string' || typeof v === 'number') return seen++ === n ? replacement : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(value);
  return seen === 0 ? replacement : out;
}

function bodyArb(route: Route): fc.Arbitrary<{ raw: string }> {
  const shaped = arb(route.body, 'api/');
  const value = fc.oneof(
    { weight: 5, arbitrary: shaped },
    {
      weight: 2,
      arbitrary: fc
        .tuple(shaped, fc.nat(20), fc.oneof(hostileString, hostileNumber, fc.constant(null), fc.constant({})))
        .map(([v, n, r]) => poison(v, n, r)),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
  return fc.oneof(
    { weight: 9, arbitrary: value.map((v) => ({ raw: JSON.stringify(v) ?? 'null' })) },
    { weight: 1, arbitrary: fc.integer({ min: 20, max: 5000 }).map((depth) => ({ raw: deep(depth) })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', 'nul', '\u0000', '[1,]', '{"__proto__":{"x":1}}', '"\\ud800"', '{"a":"\\u0000"}')
        .map((raw) => ({ raw })),
    },
  );
}

/** Real values for named path parameters (so requests reach the handlers), mixed with hostile ones. */
const PARAM_VALUES: Record<string, string[]> = {
  contentName: ['home', 'discover', '*', 'announcement_banner', 'popup', 'sidebar'],
  slug: ['page-layout', 'footer', 'navbar', 'copy', 'earn', 'new-entry'],
  publicId: ['skyline-card-2', 'skyline-known-1', 'skyline-known-3'],
};

function paramText(name?: string): fc.Arbitrary<string> {
  const real = name ? PARAM_VALUES[name] : undefined;
  if (real)
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real.map(encodeURIComponent)) }, { weight: 1, arbitrary: paramText() });
  return fc.oneof(
    fc.constantFrom(
      'home',
      'page-layout',
      '*',
      'global',
      '1',
      '0',
      '-1',
      '1e308',
      '99999999999999999999',
      '%00',
      '%ED%A0%80',
      '%C0%AF',
      '..',
      // Names every plain object inherits (location=__proto__ once answered 500).
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'valueOf',
    ),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );
}

function queryArb(route: Route): fc.Arbitrary<string> {
  const properties = Object.keys((route.querystring?.properties ?? {}) as Record<string, unknown>);
  const names = [...(properties.length ? properties : ['q']), '__proto__', 'constructor'];
  const pairs = fc
    .array(fc.tuple(fc.constantFrom(...names), paramText()), { minLength: 1, maxLength: 4 })
    .map((list) => `?${list.map(([k, v]) => `${k}=${v}`).join('&')}`);
  return fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 1, arbitrary: pairs });
}

async function send(app: FastifyInstance, route: Route, path: string, query: string, raw: string | undefined) {
  const withBody = raw !== undefined && !['GET', 'HEAD', 'DELETE'].includes(route.method);
  return app.inject({
    method: route.method as 'GET',
    url: `${path}${query}`,
    headers: {
      ...headers,
      'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(withBody ? { payload: raw } : {}),
  });
}

beforeAll(async () => {
  // The page route needs a built client; a stand-in, so the run does not depend on a build being there.
  clientDir = stubClientDir({
    'index.html': '<!doctype html><html><head><title>Menuboard</title></head><body><div id="root"></div></body></html>',
  });
  t = await createTestApp({ env: { CLIENT_DIR: clientDir } });
  schemas = t.app.getSchemas() as Record<string, Schema>;
  routes = registered
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS' && !SKIP.test(r.url))
    .map((r) => ({
      method: r.method,
      url: r.url,
      body: r.schema?.body as Schema | undefined,
      querystring: r.schema?.querystring as Schema | undefined,
      params: r.schema?.params as Schema | undefined,
    }));
  // A signed-in member and editor of skyline (sessions made directly: no password hashing).
  const { rows } = await t.db.query<{ id: number }>(
    `select id from members where partner_id = 'skyline' and email = 'card2@skyline.example'`,
  );
  const { rows: editors } = await t.db.query<{ id: number }>(`select id from cms_editors where partner_id = 'skyline'`);
  const member = await createSession(t.db, { partnerId: 'skyline', kind: 'member', subjectId: rows[0]!.id, ttlMs: SESSION_MS * 100 });
  const editor = await createSession(t.db, { partnerId: 'skyline', kind: 'editor', subjectId: editors[0]!.id, ttlMs: EDITOR_SESSION_MS });
  const jar = cookieJar();
  jar.set(MEMBER_COOKIE, member.id);
  jar.set(EDITOR_COOKIE, editor.id);
  const token = await csrfFor(t.app, 'skyline', jar);
  headers = {
    ...host('skyline'),
    cookie: jar.header(),
    'x-xsrf-token': token,
  };
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('hostile input on every route', () => {
  it('finds the routes and their schemas', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.some((r) => r.method === 'PUT' && r.body)).toBe(true);
  });

  it('never answers 5xx or database text, whatever the body, query or path', async () => {
    const failures: string[] = [];
    let cases = 0;
    const statuses = new Map<string, number>();
    for (const route of routes) {
      const runs = HASHING.test(route.url) ? 40 : route.method === 'GET' ? 250 : 700;
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const pathArb = fc
        .tuple(...names.map((name) => paramText(name)), fc.constant(''))
        .map((values) => route.url.replace(/:(\w+)/g, () => values.shift() ?? 'x'));
      await fc.assert(
        fc.asyncProperty(pathArb, queryArb(route), bodyArb(route), async (path, query, body) => {
          // Valid-looking input to routes that hash passwords would cost 0.3 s each: hostile only there.
          if (HASHING.test(route.url) && route.method !== 'GET' && !/\\u0000|\\ud|^[^{[]|"[^"]{5000}/.test(body.raw)) return;
          cases++;
          const res = await send(t.app, route, path, query, body.raw);
          const key = `${route.method} ${route.url} ${res.statusCode}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (res.statusCode >= 500 || LEAK.test(res.body)) {
            failures.push(`${route.method} ${path}${query} ${body.raw.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }),
        { numRuns: runs, endOnFailure: true },
      );
      // One oversized body per write route.
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        const res = await send(t.app, route, route.url.replace(/:(\w+)/g, 'x'), '', JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024) }));
        cases++;
        if (res.statusCode >= 500) failures.push(`${route.method} ${route.url} oversized -> ${res.statusCode}`);
      }
    }
    // HOSTILE_STATS=1 prints how often each route answered which status (how far requests got).
    if (process.env.HOSTILE_STATS) console.log([...statuses].map(([k, n]) => `${k}: ${n}`).join('\n'));
    // The totals, always (CI's log shows them): requests, answers by status, and the 5xx count.
    const byStatus = new Map<number, number>();
    for (const [key, n] of statuses) {
      const status = Number(key.split(' ').at(-1));
      byStatus.set(status, (byStatus.get(status) ?? 0) + n);
    }
    const fivexx = [...byStatus].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `hostile input (${t.db.kind}): ${cases} requests; ${[...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${n} x ${s}`)
        .join(', ')}; ${fivexx} x 5xx`,
    );
    const byRoute = new Map<string, string>();
    for (const f of failures) byRoute.set(f.split(/[ ?]/).slice(0, 2).join(' '), f);
    expect([...byRoute.values()].slice(0, 20)).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(10_000);
  }, 240_000);
});

describe('every path is data', () => {
  // `//`, `//[` and `//:99999` answered 500 (the page route parsed the path as a URL).
  const NASTY = [
    '//',
    '//[',
    '//:99999',
    '///',
    '//evil.example/x',
    '/%',
    '/%%30',
    '/%E0%A4%A',
    '/..%2f..%2fetc',
    '/\\x',
    '//[::1]:80/',
    '/a//b',
    '/%00',
    '/;x',
    '/@x',
  ];

  it('no page path or prefix answers 5xx', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const paths = [
      ...NASTY,
      ...NASTY.map((p) => `/api${p}`),
      ...NASTY.map((p) => `/merchants${p}`),
      ...fc.sample(fc.string({ unit: 'binary', maxLength: 20 }), 300).map((s) => `/${encodeURI(s).replace(/%25/g, '%')}`),
    ];
    for (const path of paths) {
      for (const accept of ['text/html', 'application/json']) {
        const res = await t.app.inject({ method: 'GET', url: path, headers: { ...host('skyline'), accept } });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) failures.push(`${path} (${accept}) -> ${res.statusCode}`);
      }
    }
    console.log(
      `hostile paths (${t.db.kind}): ${paths.length * 2} requests; ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${n} x ${s}`)
        .join(', ')}; ${failures.length} x 5xx`,
    );
    expect(failures).toEqual([]);
  });

  it('prototype names as query values are plain values: 200 or 400, never 500', async () => {
    const urls = ['__proto__', 'constructor', 'prototype', 'toString'].flatMap((v) => [
      `/api/v2/Merchants/Search?location=${v}`,
      `/api/v2/Merchants/10006?location=${v}`,
      `/api/v2/Merchants/Search?features=${v}`,
      `/api/v2/Merchants/Search?mealsServed=${v}`,
      `/api/v2/Merchants/Search?location=Chicago%20${v}`,
    ]);
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: host('skyline') });
      expect([200, 400, 404], `${url}: ${res.body.slice(0, 120)}`).toContain(res.statusCode);
    }
  });
});

describe('refusals name the field and write nothing', () => {
  const entry = '/api/cms/editor/entries/*/footer';

  it('NUL, lone surrogates, out-of-range numbers and deep nesting get a 400 naming the field', async () => {
    const before = await t.app.inject({ method: 'GET', url: entry, headers });
    expect(before.statusCode).toBe(200);
    const cases: Array<{ method: 'PUT' | 'POST'; url: string; raw: string; field: RegExp }> = [
      { method: 'PUT', url: entry, raw: JSON.stringify({ name: 'Foot\u0000er', fields: {} }), field: /name/ },
      { method: 'PUT', url: entry, raw: '{"name":"x","fields":{"links":[{"label":"\\ud800"}]}}', field: /fields\/links\/0\/label/ },
      { method: 'POST', url: `${entry}/rollback`, raw: '{"version":1e308}', field: /version/ },
      { method: 'PUT', url: entry, raw: `{"name":"x","fields":${deep(5000)}}`, field: /fields/ },
      { method: 'POST', url: '/api/Member/Cards', raw: '{"creditCards":"nope"}', field: /creditCards|directFileFeedOptIn/ },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: c.raw,
      });
      expect(res.statusCode, c.raw.slice(0, 80)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(c.field);
    }
    const after = await t.app.inject({ method: 'GET', url: entry, headers });
    expect(after.body).toBe(before.body);
  });

  it('does not inflate a compressed body: a gzip one is refused as the bytes it is, and nothing is written', async () => {
    const before = await t.app.inject({ method: 'GET', url: entry, headers });
    // 200 KiB of JSON in a few hundred bytes: no route of this server accepts that.
    const bomb = gzipSync(JSON.stringify({ name: 'Footer', fields: { text: 'x'.repeat(200 * 1024) } }));
    expect(bomb.length).toBeLessThan(2048);
    const res = await t.app.inject({
      method: 'PUT',
      url: entry,
      headers: { ...headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: bomb,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(/JSON/);
    const after = await t.app.inject({ method: 'GET', url: entry, headers });
    expect(after.body).toBe(before.body);
  });
});
