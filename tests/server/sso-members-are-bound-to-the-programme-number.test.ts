// The sso takeover: the provider kept accounts under a case-sensitive key, so
// `Vip@Harbor.example` could be registered beside `vip@harbor.example`, and the app's callback matched
// members by the lower-cased email and signed the newcomer in as the tier-3 member. Now a member is
// bound to the provider's subject id (the programme number), and an email is one account whatever its
// case in every table that stores one (provider accounts, members, editors), by the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { getOrCreateSecret } from '#server/secrets.ts';
import { newNonce, signToken } from '#server/auth/tokens.ts';
import { SSO_ASSERTION_MS, type SsoAssertion } from '#server/auth/sso.ts';
import { cookieJar, createTestApp, host, type CookieJar, type TestApp } from './helpers.ts';
import { providersFor } from './auth-helpers.ts';

const PARTNER = 'harbor';
const PASSWORD = 'Another-Pass-2026!';
let t: TestApp;
let providers: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  providers = await providersFor(t);
});
afterAll(async () => {
  await providers?.close();
  await t?.close();
});

/** GET /api/Member/SSO/Start: the state cookie in `jar`, and the provider's form parameters. */
async function start(jar: CookieJar, mode: 'signin' | 'join'): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'GET', url: `/api/Member/SSO/Start?mode=${mode}`, headers: host(PARTNER) });
  expect(res.statusCode).toBe(302);
  jar.store(res);
  const to = new URL(String(res.headers.location));
  return Object.fromEntries(to.searchParams);
}

/** Follows the provider's redirect back to the app's callback with the browser's cookies. */
async function callback(jar: CookieJar, location: string): Promise<LightMyRequestResponse> {
  const back = new URL(location);
  const res = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { ...host(PARTNER), cookie: jar.header() },
  });
  jar.store(res);
  return res;
}

async function signedInAs(jar: CookieJar): Promise<string | null> {
  const res = await t.app.inject({ method: 'GET', url: '/api/Member', headers: { ...host(PARTNER), cookie: jar.header() } });
  return res.statusCode === 200 ? (res.json() as { publicId: string }).publicId : null;
}

async function vip(): Promise<{ public_id: string; sso_subject: string }> {
  const { rows } = await t.db.query<{ public_id: string; sso_subject: string }>(
    `select public_id, sso_subject from members where partner_id = 'harbor' and email = 'vip@harbor.example'`,
  );
  return rows[0]!;
}

describe('sso identity', () => {
  it('the provider refuses a second account whose email differs only in case, so nobody becomes the VIP', async () => {
    const jar = cookieJar();
    const params = await start(jar, 'join');
    const res = await providers.inject({
      method: 'POST',
      url: '/sso/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.9.0.1' },
      payload: new URLSearchParams({
        ...params,
        email: 'Vip@Harbor.example',
        firstName: 'Eve',
        lastName: 'Mallory',
        password: PASSWORD,
      }).toString(),
    });
    if (res.statusCode === 303) await callback(jar, String(res.headers.location));
    expect(await signedInAs(jar)).not.toBe((await vip()).public_id);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('An account with this email exists already');
  });

  it("an assertion for a new subject that carries a member's email (any case) signs nobody in", async () => {
    // As if a provider had let the case variant through: the app still never matches on email.
    const jar = cookieJar();
    const params = await start(jar, 'signin');
    const secret = await getOrCreateSecret(t.db, 'sso');
    const assertion: SsoAssertion = {
      n: newNonce(),
      exp: Date.now() + SSO_ASSERTION_MS,
      partner: PARTNER,
      email: 'VIP@harbor.example',
      firstName: 'Eve',
      lastName: 'Mallory',
      programNumber: 'HR8888888',
      state: params.state!,
      mode: 'signin',
    };
    const res = await callback(jar, `http://harbor.localhost/api/Member/SSO/Callback?assertion=${signToken(secret, assertion)}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/Login?sso=failed');
    expect(await signedInAs(jar)).toBeNull();
    const { rows } = await t.db.query(`select 1 from members where partner_id = 'harbor' and sso_subject = 'HR8888888'`);
    expect(rows).toHaveLength(0);
  });

  it("the member's own subject signs them in, whatever email the provider now sends", async () => {
    const member = await vip();
    expect(member.sso_subject).toMatch(/^HR\d+$/);
    const jar = cookieJar();
    const params = await start(jar, 'signin');
    const secret = await getOrCreateSecret(t.db, 'sso');
    const assertion: SsoAssertion = {
      n: newNonce(),
      exp: Date.now() + SSO_ASSERTION_MS,
      partner: PARTNER,
      email: 'vip.new-address@harbor.example',
      firstName: 'Victoria',
      lastName: 'Ip',
      programNumber: member.sso_subject,
      state: params.state!,
      mode: 'signin',
    };
    const res = await callback(jar, `http://harbor.localhost/api/Member/SSO/Callback?assertion=${signToken(secret, assertion)}`);
    expect(res.statusCode).toBe(303);
    expect(await signedInAs(jar)).toBe(member.public_id);
  });

  it('a newcomer signing in through the provider is enrolled bound to their programme number', async () => {
    const jar = cookieJar();
    const params = await start(jar, 'join');
    const email = `newcomer-${Date.now()}@harbor.example`;
    const res = await providers.inject({
      method: 'POST',
      url: '/sso/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.9.0.2' },
      payload: new URLSearchParams({ ...params, email, firstName: 'Nia', lastName: 'Cole', password: PASSWORD }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect((await callback(jar, String(res.headers.location))).headers.location).toBe('/add_card');
    const { rows } = await t.db.query<{ sso_subject: string; program_number: string }>(
      `select m.sso_subject, a.program_number from members m join sso_accounts a on a.partner_id = m.partner_id and a.email = m.email
       where m.partner_id = 'harbor' and m.email = $1`,
      [email],
    );
    expect(rows[0]?.sso_subject).toBe(rows[0]?.program_number);
  });
});

describe('emails are unique whatever their case, enforced by the database', () => {
  const refused = async (sql: string, params: unknown[]) => {
    const error = await t.db.query(sql, params).then(
      () => null,
      (e: unknown) => e as { code?: string },
    );
    expect(error?.code).toBe('23505');
  };

  it('provider accounts', async () => {
    await refused(
      `insert into sso_accounts (partner_id, email, first_name, last_name, password_hash, program_number) values ('harbor', $1, 'A', 'B', 'x', 'HR1')`,
      ['CARD0@harbor.example'],
    );
  });

  it('members', async () => {
    await refused(`insert into members (partner_id, public_id, email, member_type) values ('skyline', 'case-twin', $1, 'NonCardMember')`, [
      'Card0@Skyline.Example',
    ]);
  });

  it('editors', async () => {
    const { rows } = await t.db.query<{ email: string }>(`select email from cms_editors where partner_id = 'skyline' limit 1`);
    await refused(`insert into cms_editors (partner_id, email, name, password_hash) values ('skyline', $1, 'Twin', 'x')`, [
      rows[0]!.email.toUpperCase(),
    ]);
  });
});
