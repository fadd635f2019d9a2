// Response serializers compile on a route's first answer, not at start (src/server/lazy-serializers.ts),
// so a response schema that cannot compile no longer stops the start. This compiles every one the
// app registers, as Fastify would have at start, and shows that a broken one is caught here.
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

describe('response serializers', () => {
  it('every route response schema compiles', async () => {
    // At least one per route that declares a response, for each status it declares.
    expect(t.app.compileResponseSerializers()).toBeGreaterThan(50);
    expect(t.app.compileResponseSerializers()).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: '/api/CSRF', headers: host('skyline') });
    expect(res.statusCode).toBe(200);
  });

  it('a schema that does not compile is reported by compiling them all', async () => {
    const app = await buildApp({ config: t.config, db: t.db });
    app.get(
      '/api/__broken',
      { schema: { response: { 200: { type: 'object', properties: { a: { $ref: 'no-such.schema.json#' } } } } } },
      () => ({
        a: 1,
      }),
    );
    await app.ready();
    expect(() => app.compileResponseSerializers()).toThrow(/no-such\.schema\.json/);
    await app.close();
  });

  it('a route answers through its schema on first use (fields the schema lacks are left out)', async () => {
    const app = await buildApp({ config: t.config, db: t.db });
    app.get('/api/__shaped', { schema: { response: { 200: { type: 'object', properties: { shown: { type: 'string' } } } } } }, () => ({
      shown: 'yes',
      secret: 'never sent',
    }));
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/__shaped', headers: host('skyline') });
    expect(res.json()).toEqual({ shown: 'yes' });
    await app.close();
  });
});
