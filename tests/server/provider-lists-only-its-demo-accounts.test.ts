// The sso provider's sign-in page offers its demo accounts with a "Use" button. It used to list every
// account it held, so whoever signed up was shown to every later visitor (and a sign-up flood made
// each page list thousands). Only the seeded demo accounts are listed, and the sign-up form lists none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { cookieJar, createTestApp, host, type TestApp } from './helpers.ts';
import { providersFor } from './auth-helpers.ts';

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

async function providerForm(mode: 'signin' | 'join'): Promise<{ params: Record<string, string>; html: string }> {
  const jar = cookieJar();
  const res = await t.app.inject({ method: 'GET', url: `/api/Member/SSO/Start?mode=${mode}`, headers: host('harbor') });
  expect(res.statusCode).toBe(302);
  jar.store(res);
  const to = new URL(String(res.headers.location));
  const page = await providers.inject({ method: 'GET', url: `${to.pathname}${to.search}` });
  expect(page.statusCode).toBe(200);
  return { params: Object.fromEntries(to.searchParams), html: page.body };
}

describe('the provider sign-in page', () => {
  it('lists the seeded demo accounts but not an account somebody signed up', async () => {
    const { params } = await providerForm('join');
    const signedUp = await providers.inject({
      method: 'POST',
      url: '/sso/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.9.1.1' },
      payload: new URLSearchParams({
        ...params,
        email: 'private.person@harbor.example',
        firstName: 'Pat',
        lastName: 'Private',
        password: 'Private-Pass-2026!',
      }).toString(),
    });
    expect(signedUp.statusCode).toBe(303);

    const { html } = await providerForm('signin');
    expect(html).toContain('Demo accounts');
    expect(html).toContain('vip@harbor.example');
    expect(html).not.toContain('private.person@harbor.example');
  });

  it('the sign-up form lists no accounts', async () => {
    const { html } = await providerForm('join');
    expect(html).toContain('Create your');
    expect(html).not.toContain('Demo accounts');
    expect(html).not.toContain('vip@harbor.example');
  });
});
