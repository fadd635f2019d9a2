// Request validators compile on a route's first request, not at start (src/server/lazy-validators.ts),
// so a request schema that cannot compile no longer stops the start. This compiles every one the app
// registers, as Fastify would have at start, shows that a broken one is caught here, and that a
// lazily compiled validator still refuses bad input with the field named (and coerces as before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { createTestApp, host, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('request validators', () => {
  it('every route request schema compiles', () => {
    expect(t.app.compileRequestValidators()).toBeGreaterThan(30);
    expect(t.app.compileRequestValidators()).toBe(0);
  });

  it('no route declares a header schema (a custom compiler gets header keys as written)', () => {
    expect([...t.app.requestPartsValidated()].sort()).not.toContain('headers');
    expect(t.app.requestPartsValidated().has('body')).toBe(true);
  });

  it('a schema that does not compile is reported by compiling them all', async () => {
    const app = await buildApp({ config: t.config, db: t.db });
    app.post('/api/__broken', { schema: { body: { type: 'object', properties: { a: { $ref: 'no-such.schema.json#' } } } } }, () => ({}));
    await app.ready();
    expect(() => app.compileRequestValidators()).toThrow(/no-such\.schema\.json/);
    await app.close();
  });

  it('a validator compiled on first use refuses bad input naming the field, and coerces a query number', async () => {
    const app = await buildApp({ config: t.config, db: t.db });
    app.get<{ Querystring: { n: number } }>(
      '/api/__shaped',
      { schema: { querystring: { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 1 } } } } },
      (request) => ({ doubled: request.query.n * 2 }),
    );
    await app.ready();
    const bad = await app.inject({ method: 'GET', url: '/api/__shaped?n=0', headers: host('skyline') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/n/);
    const again = await app.inject({ method: 'GET', url: '/api/__shaped?n=zero', headers: host('skyline') });
    expect(again.statusCode).toBe(400);
    const good = await app.inject({ method: 'GET', url: '/api/__shaped?n=21', headers: host('skyline') });
    expect(good.json()).toEqual({ doubled: 42 });
    await app.close();
  });
});
