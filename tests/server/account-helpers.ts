// Signing in as a README demo member for the account-centre tests.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { session, signIn } from './auth-helpers.ts';

let nextIp = 1;

export type MemberSession = Awaited<ReturnType<typeof session>> & {
  get(url: string): Promise<LightMyRequestResponse>;
  send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
};

/** A signed-in `<key>@<partner>.example`, each on its own client address (sign-in limits are per address). */
export async function memberSession(app: FastifyInstance, partner: string, key: string): Promise<MemberSession> {
  const s = await session(app, partner, `10.14.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`);
  const res = await signIn(app, s, `${key}@${partner}.example`);
  expect(res.statusCode, `sign-in ${key}@${partner}`).toBe(200);
  return {
    ...s,
    get: (url) => app.inject({ method: 'GET', url, headers: s.headers() }),
    async send(method, url, payload) {
      const res = await app.inject({ method, url, headers: s.headers(), ...(payload === undefined ? {} : { payload: payload as object }) });
      s.jar.store(res);
      return res;
    },
  };
}

/** An anonymous visitor of a partner, with a CSRF token (so a 401 is about the session, not CSRF). */
export async function anonymous(app: FastifyInstance, partner: string) {
  return session(app, partner, '10.15.0.1');
}
