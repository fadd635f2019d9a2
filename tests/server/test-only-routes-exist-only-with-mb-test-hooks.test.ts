// The test-only routes (POST /api/__test/*) exist only when the server starts with MB_TEST_HOOKS=1
// (tools/e2e-server.mjs); production, with or without NODE_ENV=production, has none of them. With
// them, ageing one account's lock opens it after 30 minutes, exactly as time passing would.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MAX_FAILURES } from '#server/auth/lockout.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { session, signIn } from './auth-helpers.ts';

const apps: TestApp[] = [];
const saved = process.env.MB_TEST_HOOKS;

afterEach(() => {
  if (saved === undefined) delete process.env.MB_TEST_HOOKS;
  else process.env.MB_TEST_HOOKS = saved;
});
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function app(hooks: string | undefined, env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  if (hooks === undefined) delete process.env.MB_TEST_HOOKS;
  else process.env.MB_TEST_HOOKS = hooks;
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}

describe('test-only hooks', () => {
  it('do not exist without MB_TEST_HOOKS=1 (here under NODE_ENV=production)', async () => {
    const t = await app(undefined, { NODE_ENV: 'production' });
    const s = await session(t.app, 'skyline', '10.9.0.1');
    for (const [url, payload] of [
      ['/api/__test/lockout/age', { email: 'card0@skyline.example', ageMs: 1 }],
      ['/api/__test/clock', { advanceMs: 1 }],
      ['/api/__test/cms/schedule/age', { group: 'popup', slug: 'x', ageMs: 1 }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: s.headers(), payload });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('with MB_TEST_HOOKS=1, ageing a lock by 29 minutes keeps it, by 30 opens it', async () => {
    const t = await app('1');
    const s = await session(t.app, 'skyline', '10.9.0.2');
    const email = 'card0@skyline.example';
    for (let i = 0; i < MAX_FAILURES; i++) await signIn(t.app, s, email, `Wrong-${i}`);
    const age = (ms: number) =>
      t.app.inject({ method: 'POST', url: '/api/__test/lockout/age', headers: s.headers(), payload: { email, ageMs: ms } });

    const early = await age(29 * 60_000);
    expect(early.statusCode).toBe(200);
    expect(early.json().lockedUntil).toEqual(expect.any(String));
    expect((await signIn(t.app, s, email)).json().code).toBe('locked');

    expect((await age(60_000)).json()).toEqual({ lockedUntil: null });
    expect((await signIn(t.app, s, email)).statusCode).toBe(200);
  });
});
