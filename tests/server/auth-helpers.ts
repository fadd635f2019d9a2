// Helpers for the sign-in, enrolment and card tests: sign in with a fresh cookie jar, get a
// captcha token and an encrypted card number from the providers app, as the browser would.
import { constants, createPublicKey, publicEncrypt, type JsonWebKey } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildProvidersApp } from '#server/providers/app.ts';
import type { TestApp } from './helpers.ts';
import { cookieJar, csrfFor, host } from './helpers.ts';

export type Jar = ReturnType<typeof cookieJar>;

export const PASSWORD = 'Dining-2026!';

/** A jar with a CSRF token, ready for writes. `ip` keeps rate limits of different tests apart. */
export async function session(
  app: FastifyInstance,
  partner: string,
  ip = '10.0.0.1',
): Promise<{ jar: Jar; headers: (extra?: Record<string, string>) => Record<string, string> }> {
  const jar = cookieJar();
  const csrf = await csrfFor(app, partner, jar);
  return {
    jar,
    headers: (extra = {}) => ({
      ...host(partner),
      cookie: jar.header(),
      'x-xsrf-token': jar.csrf() ?? csrf,
      'x-forwarded-for': ip,
      ...extra,
    }),
  };
}

export async function signIn(
  app: FastifyInstance,
  s: Awaited<ReturnType<typeof session>>,
  email: string,
  password = PASSWORD,
  rememberMe = false,
): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/Member/SignIn',
    headers: s.headers(),
    payload: { email, password, rememberMe },
  });
  s.jar.store(res);
  return res;
}

export async function providersFor(t: TestApp): Promise<FastifyInstance> {
  const providers = await buildProvidersApp({ config: t.config, db: t.db });
  await providers.ready();
  return providers;
}

export async function captchaToken(providers: FastifyInstance, site: string, via: 'solve' | 'execute' = 'solve'): Promise<string> {
  const res = await providers.inject({ method: 'POST', url: `/captcha/${via}`, payload: { site } });
  return (res.json() as { token: string }).token;
}

export async function encryptCard(providers: FastifyInstance, number: string): Promise<string> {
  const jwk = (await providers.inject({ method: 'GET', url: '/card-frame/key' })).json() as JsonWebKey;
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(number)).toString('base64');
}

export function origin(partner: string): string {
  return `http://${partner}.localhost`;
}
