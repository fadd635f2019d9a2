// Sessions against another site: another site cannot sign a member out; the
// CSRF token belongs to one session and changes at sign-in and sign-out; the session cookie is
// Secure on HTTPS; the known-member lookup does not give away the member's email address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_COOKIE } from '#server/sessions.ts';
import { createTestApp, csrfFor, host, type TestApp } from './helpers.ts';
import { PASSWORD, session, signIn } from './auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedIn(email: string, ip: string) {
  const s = await session(t.app, 'skyline', ip);
  const res = await signIn(t.app, s, email);
  expect(res.statusCode).toBe(200);
  return s;
}

const memberStatus = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/Member', headers: { ...host('skyline'), cookie } })).statusCode;

describe('sign-out', () => {
  it('refuses GET /api/SignOut started by another site (or a sibling partner) and keeps the member signed in', async () => {
    const s = await signedIn('card2@skyline.example', '10.40.0.1');
    const cookie = s.jar.header();
    for (const extra of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://harbor.localhost' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/SignOut', headers: { ...host('skyline'), cookie, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'cross_site' });
      expect(res.cookies.map((c) => c.name)).not.toContain(MEMBER_COOKIE);
    }
    expect(await memberStatus(cookie)).toBe(200);
  }, 60_000);

  it("sends another site's link to the /SignOut page to the home page instead", async () => {
    for (const url of ['/SignOut', '/signout']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...host('skyline'), accept: 'text/html', 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location).toBe('/');
    }
    const own = await t.app.inject({
      method: 'GET',
      url: '/SignOut',
      headers: { ...host('skyline'), accept: 'text/html', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).not.toBe(303);
  });

  it("still signs out from the app's own page (same origin) and from a typed address", async () => {
    // A request with no evidence at all (no Sec-Fetch-Site, Origin or Referer) is refused;
    // a same-origin Referer is evidence enough for a browser that sends no Sec-Fetch-Site.
    for (const extra of [
      { 'sec-fetch-site': 'same-origin', origin: 'http://skyline.localhost' },
      { 'sec-fetch-site': 'none' },
      { referer: 'http://skyline.localhost/account/overview' },
    ]) {
      const s = await signedIn('card0@skyline.example', '10.40.0.2');
      const cookie = s.jar.header();
      const res = await t.app.inject({ method: 'GET', url: '/api/SignOut', headers: { ...host('skyline'), cookie, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(200);
      expect(await memberStatus(cookie)).toBe(401);
    }
  }, 120_000);
});

describe('the CSRF token', () => {
  it('changes at sign-in: the token from before is refused, the one the sign-in answered with works', async () => {
    const s = await session(t.app, 'skyline', '10.40.1.1');
    const before = s.jar.csrf()!;
    const res = await signIn(t.app, s, 'vip@skyline.example');
    expect(res.statusCode).toBe(200);
    const after = res.headers['x-xsrf-token'];
    expect(typeof after).toBe('string');
    expect(after).not.toBe(before);

    const write = (token: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/Member',
        headers: { ...s.headers(), 'x-xsrf-token': token },
        payload: { firstName: 'Vera' },
      });
    const stale = await write(before);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'csrf' });
    expect((await write(after as string)).statusCode).toBe(200);
    // GET /api/CSRF now answers the same bound token.
    expect(await csrfFor(t.app, 'skyline', s.jar)).toBe(after);
  }, 60_000);

  it("is bound to the session: another member's session in the same browser cannot use it", async () => {
    const a = await signedIn('card2@skyline.example', '10.40.1.2');
    const b = await signedIn('card0@skyline.example', '10.40.1.3');
    const sessionOfB = b.jar.header().match(/mb_session=([^;]+)/)![1]!;
    // A's browser secret and token, B's session cookie.
    const cookie = a.jar.header().replace(/mb_session=[^;]+/, `mb_session=${sessionOfB}`);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/Member',
      headers: { ...a.headers(), cookie },
      payload: { firstName: 'Mallory' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf' });
  }, 120_000);

  it('changes at sign-out too', async () => {
    const s = await signedIn('card2@skyline.example', '10.40.1.4');
    const signedInToken = s.jar.csrf();
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/SignOut',
      headers: { ...host('skyline'), cookie: s.jar.header(), 'sec-fetch-site': 'same-origin' },
    });
    s.jar.store(out);
    expect(out.headers['x-xsrf-token']).toBeTruthy();
    expect(out.headers['x-xsrf-token']).not.toBe(signedInToken);
    expect(await csrfFor(t.app, 'skyline', s.jar)).toBe(out.headers['x-xsrf-token']);
  }, 60_000);
});

describe('the session cookie', () => {
  const signInOver = async (extra: Record<string, string>, remoteAddress?: string) => {
    const s = await session(t.app, 'skyline', '10.40.2.1');
    return t.app.inject({
      method: 'POST',
      url: '/api/Member/SignIn',
      ...(remoteAddress ? { remoteAddress } : {}),
      headers: s.headers(extra),
      payload: { email: 'card2@skyline.example', password: PASSWORD, rememberMe: false },
    });
  };
  const sessionCookie = (res: Awaited<ReturnType<typeof signInOver>>) => res.cookies.find((c) => c.name === MEMBER_COOKIE);

  it('is Secure (and HttpOnly, SameSite=Lax) when the request came over HTTPS through a trusted proxy', async () => {
    const res = await signInOver({ 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(res.cookies.find((c) => c.name === 'mb_session_expires')).toMatchObject({ secure: true });
  }, 60_000);

  it('is not Secure over plain HTTP, where the browser would drop it', async () => {
    const res = await signInOver({});
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)?.secure).toBeFalsy();
  }, 60_000);
});

describe('the known-member lookup', () => {
  it('answers what the activation screen shows, never the full email address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Member/skyline-known-1', headers: host('skyline') });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { email: string; firstName: string; lastName: string; tierLevel: number };
    expect(body.email).toMatch(/^.\*\*\*@skyline\.example$/);
    const { rows } = await t.db.query<{ email: string; last_name: string }>(
      "select email, last_name from members where public_id = 'skyline-known-1'",
    );
    expect(res.body).not.toContain(rows[0]!.email);
    expect(body.lastName).toBe(rows[0]!.last_name.slice(0, 1));
    expect(body.tierLevel).toBe(1);
  });
});
