// The CSRF rule (src/server/plugins/csrf.ts) on a small Fastify app with only the cookie and CSRF
// plugins: which writes are refused, which pass, and what a token is bound to. No database, so each
// mutant of the plugin costs about a second (docs/mutation-testing.md).
import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import csrf from '#server/plugins/csrf.ts';

let app: FastifyInstance;
const SECRET = 'server-secret-for-tests';

// Built per test (not once in beforeAll): Stryker counts code run outside a test as static and leaves
// it out, so the plugin's own setup is measured only when tests run it.
beforeEach(async () => {
  // Behind a proxy that says the visitor used HTTPS (X-Forwarded-Proto), as in production.
  app = Fastify({ trustProxy: true });
  app.addSchema(JSON.parse(readFileSync(new URL('../../schemas/api/csrf.schema.json', import.meta.url), 'utf8')) as object);
  await app.register(cookie);
  await app.register(csrf, { secret: SECRET });
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'GET', 'OPTIONS'] as const) {
    app.route({ method, url: '/api/thing', handler: async () => ({ done: true }) });
  }
  // Signing in: a new member session id, and the token that goes with it.
  app.get('/sign-in', async (request, reply) => {
    const { member, editor } = request.query as { member?: string; editor?: string };
    const change = { ...(member !== undefined ? { member: member || null } : {}), ...(editor !== undefined ? { editor } : {}) };
    app.rotateCsrfToken(request, reply, change);
    // A second call in the same request answers with the same browser secret.
    app.rotateCsrfToken(request, reply, change);
    return { ok: true };
  });
  await app.ready();
});
afterEach(() => app.close());

function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

async function tokenFor(cookies: Record<string, string> = {}): Promise<{ token: string; browserSecret: string }> {
  const res = await app.inject({ method: 'GET', url: '/api/CSRF', headers: { cookie: cookieHeader(cookies) } });
  expect(res.statusCode).toBe(200);
  const set = res.cookies.find((c) => c.name === 'mb_csrf');
  return { token: (res.json() as { csrfToken: string }).csrfToken, browserSecret: set?.value ?? cookies.mb_csrf ?? '' };
}

function write(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  cookies: Record<string, string>,
  token?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: '/api/thing',
    headers: { cookie: cookieHeader(cookies), ...(token !== undefined ? { 'x-xsrf-token': token } : {}) },
  });
}

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ statusCode: 403, message: 'Missing or invalid CSRF token.', code: 'csrf' });
}

describe('GET /api/CSRF', () => {
  it('gives a new browser an HttpOnly secret cookie and a token, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/CSRF' });
    expect(res.headers['cache-control']).toBe('no-store');
    const set = res.cookies.find((c) => c.name === 'mb_csrf');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(set!.value.length).toBeGreaterThanOrEqual(43);
    expect((res.json() as { csrfToken: string }).csrfToken).toMatch(/^[\w-]{43}$/);
  });

  it('marks the secret cookie Secure over HTTPS', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/CSRF', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.cookies.find((c) => c.name === 'mb_csrf')).toMatchObject({ secure: true, httpOnly: true });
    const plain = await app.inject({ method: 'GET', url: '/api/CSRF' });
    expect(plain.cookies.find((c) => c.name === 'mb_csrf')?.secure).toBeUndefined();
  });

  it('keeps the secret a browser already has', async () => {
    const { browserSecret, token } = await tokenFor();
    const again = await app.inject({ method: 'GET', url: '/api/CSRF', headers: { cookie: `mb_csrf=${browserSecret}` } });
    expect(again.cookies.find((c) => c.name === 'mb_csrf')).toBeUndefined();
    expect((again.json() as { csrfToken: string }).csrfToken).toBe(token);
  });

  it('gives each browser its own secret', async () => {
    const a = await tokenFor();
    const b = await tokenFor();
    expect(a.browserSecret).not.toBe(b.browserSecret);
    expect(a.token).not.toBe(b.token);
  });
});

describe('a write', () => {
  it('passes with the token of its browser, whatever the method', async () => {
    const { token, browserSecret } = await tokenFor();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await write(method, { mb_csrf: browserSecret }, token);
      expect(res.statusCode, method).toBe(200);
    }
  });

  it('is refused without a token, with an empty one, or without the secret cookie', async () => {
    const { token, browserSecret } = await tokenFor();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) expectRefused(await write(method, { mb_csrf: browserSecret }));
    expectRefused(await write('POST', { mb_csrf: browserSecret }, ''));
    expectRefused(await write('POST', {}, token));
    // Not even the token of a browser whose secret reads "undefined".
    const literal = await tokenFor({ mb_csrf: 'undefined' });
    expectRefused(await write('POST', {}, literal.token));
  });

  it("is refused with another browser's token, or a forged one of the same length", async () => {
    const mine = await tokenFor();
    const theirs = await tokenFor();
    expectRefused(await write('POST', { mb_csrf: mine.browserSecret }, theirs.token));
    const forged = (mine.token[0] === 'A' ? 'B' : 'A') + mine.token.slice(1);
    expectRefused(await write('POST', { mb_csrf: mine.browserSecret }, forged));
    expectRefused(await write('POST', { mb_csrf: mine.browserSecret }, `${mine.token}x`));
  });

  it('is refused once the session the token was issued in has changed', async () => {
    const before = await tokenFor({ mb_csrf: 'secret-1' });
    expectRefused(await write('POST', { mb_csrf: 'secret-1', mb_session: 'member-session' }, before.token));
    expectRefused(await write('POST', { mb_csrf: 'secret-1', mb_editor: 'editor-session' }, before.token));
    const member = await tokenFor({ mb_csrf: 'secret-1', mb_session: 'ab' });
    expect((await write('POST', { mb_csrf: 'secret-1', mb_session: 'ab' }, member.token)).statusCode).toBe(200);
    // The session ids are kept apart: member "a" with editor "b" is not member "ab".
    const split = await tokenFor({ mb_csrf: 'secret-1', mb_session: 'a', mb_editor: 'b' });
    expectRefused(await write('POST', { mb_csrf: 'secret-1', mb_session: 'ab' }, split.token));
    expect((await write('POST', { mb_csrf: 'secret-1', mb_session: 'a', mb_editor: 'b' }, split.token)).statusCode).toBe(200);
    // Another editor session, or another member session, is another token.
    const editor = await tokenFor({ mb_csrf: 'secret-1', mb_editor: 'e1' });
    expectRefused(await write('POST', { mb_csrf: 'secret-1', mb_editor: 'e2' }, editor.token));
    expectRefused(
      await write('POST', { mb_csrf: 'secret-1', mb_session: 'ab' }, (await tokenFor({ mb_csrf: 'secret-1', mb_session: 'ba' })).token),
    );
  });

  it('counts an emptied session cookie as no session', async () => {
    const none = await tokenFor({ mb_csrf: 'secret-2' });
    expect((await write('POST', { mb_csrf: 'secret-2', mb_session: '', mb_editor: '' }, none.token)).statusCode).toBe(200);
    const emptied = await tokenFor({ mb_csrf: 'secret-2', mb_session: '', mb_editor: '' });
    expect(emptied.token).toBe(none.token);
  });

  it('is not needed to read', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'OPTIONS', url: '/api/thing' })).statusCode).toBe(200);
  });
});

describe('signing in or out', () => {
  it('sends the token that goes with the new session, and only that one works afterwards', async () => {
    const { browserSecret, token: before } = await tokenFor();
    const res = await app.inject({ method: 'GET', url: '/sign-in?member=new-session', headers: { cookie: `mb_csrf=${browserSecret}` } });
    const after = res.headers['x-xsrf-token'];
    expect(typeof after).toBe('string');
    expect(after).not.toBe(before);
    expect((await write('POST', { mb_csrf: browserSecret, mb_session: 'new-session' }, after as string)).statusCode).toBe(200);
    expectRefused(await write('POST', { mb_csrf: browserSecret, mb_session: 'new-session' }, before));
    expectRefused(await write('POST', { mb_csrf: browserSecret }, after as string));
  });

  it('keeps the session it does not change, and a sign-out token works without the session', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/sign-in?member=',
      headers: { cookie: 'mb_csrf=s2; mb_session=old; mb_editor=ed' },
    });
    const after = res.headers['x-xsrf-token'] as string;
    expect((await write('POST', { mb_csrf: 's2', mb_editor: 'ed' }, after)).statusCode).toBe(200);
    expectRefused(await write('POST', { mb_csrf: 's2', mb_session: 'old', mb_editor: 'ed' }, after));
  });

  it('gives a browser without a secret one, bound to the token it sends', async () => {
    const res = await app.inject({ method: 'GET', url: '/sign-in?editor=e1' });
    const set = res.cookies.filter((c) => c.name === 'mb_csrf');
    expect(set).toHaveLength(1);
    expect(set[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const token = res.headers['x-xsrf-token'] as string;
    expect((await write('POST', { mb_csrf: set[0]!.value, mb_editor: 'e1' }, token)).statusCode).toBe(200);
  });
});
