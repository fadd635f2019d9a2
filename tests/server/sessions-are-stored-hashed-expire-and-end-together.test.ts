// Server sessions (src/server/sessions.ts) and starting a member's (src/server/auth/member-session.ts),
// called on a migrated database and a small Fastify app with the cookie and CSRF plugins: what is
// stored, when a session stops counting, which cookies a sign-in sets (spec 000 §9: 15 minutes,
// remember me 90 days) and which sessions end together. Cheap enough for mutation testing.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/index.ts';
import csrf, { isValidCsrf } from '#server/plugins/csrf.ts';
import type { PartnerBundle } from '#shared/partner.ts';
import {
  createSession,
  deleteMemberSessions,
  deleteSession,
  EDITOR_SESSION_MS,
  findSession,
  hashSessionId,
  REMEMBER_MS,
  SESSION_MS,
  touchSession,
} from '#server/sessions.ts';
import { clearSessionCookies, endMemberSessions, endOtherMemberSessions, startMemberSession } from '#server/auth/member-session.ts';
import { moduleDb } from './module-db.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let db: Db;
let close: () => Promise<void>;
let app: FastifyInstance;

beforeAll(async () => {
  ({ db, close } = await moduleDb());
});
// The app is built per test (not once in beforeAll): Stryker counts code run outside a test as static
// and leaves it out, so the plugins' own setup is measured only when tests run it.
beforeEach(async () => {
  // Behind a proxy at 127.0.0.1 (inject's address), whose X-Forwarded-Proto says whether the browser
  // used HTTPS.
  app = Fastify({ trustProxy: ['127.0.0.1'] });
  app.addSchema(JSON.parse(readFileSync(new URL('../../schemas/api/csrf.schema.json', import.meta.url), 'utf8')) as object);
  app.decorate('db', db);
  app.decorateRequest('partner', null as unknown as PartnerBundle);
  app.addHook('onRequest', (request, _reply, done) => {
    request.partner = { id: 'harbor' } as unknown as PartnerBundle;
    done();
  });
  await app.register(cookie);
  await app.register(csrf, { secret: 'test-secret' });
  app.get('/start', async (request, reply) => {
    const { member, remember } = request.query as { member: string; remember?: string };
    return { expiresAt: (await startMemberSession(app, request, reply, Number(member), remember === '1')).toISOString() };
  });
  app.get('/clear', async (_request, reply) => {
    clearSessionCookies(reply);
    return {};
  });
  app.get('/valid', async (request) => ({ valid: isValidCsrf('test-secret', request) }));
  await app.ready();
});
afterEach(() => app.close());
afterAll(() => close());

const member = (subjectId: number, ttlMs = SESSION_MS) => createSession(db, { partnerId: 'harbor', kind: 'member', subjectId, ttlMs });

describe('a session', () => {
  it('is a random 256-bit id of which only the SHA-256 is stored', async () => {
    const { id } = await member(1);
    const other = await member(1);
    expect(id).toMatch(/^[\w-]{43}$/);
    expect(other.id).not.toBe(id);
    expect(hashSessionId(id)).toBe(createHash('sha256').update(id).digest('hex'));
    const { rows } = await db.query<{ id_hash: string }>('select id_hash from sessions where id_hash in ($1, $2)', [id, hashSessionId(id)]);
    expect(rows.map((r) => r.id_hash)).toEqual([hashSessionId(id)]);
  });

  it('is found by its id and kind, with who and until when', async () => {
    const before = Date.now();
    const { id, expiresAt } = await createSession(db, {
      partnerId: 'skyline',
      kind: 'editor',
      subjectId: 7,
      remember: true,
      ttlMs: EDITOR_SESSION_MS,
    });
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + 8 * 60 * MINUTE);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 8 * 60 * MINUTE);
    expect(await findSession(db, id, 'editor')).toEqual({ partnerId: 'skyline', kind: 'editor', subjectId: 7, remember: true, expiresAt });
    expect(await findSession(db, id, 'member')).toBeNull();
    const plain = await member(8);
    expect((await findSession(db, plain.id, 'member'))?.remember).toBe(false);
  });

  it('is not found without an id, with an unknown one, or with one longer than 200 characters', async () => {
    expect(await findSession(db, undefined, 'member')).toBeNull();
    expect(await findSession(db, '', 'member')).toBeNull();
    expect(await findSession(db, 'no-such-session', 'member')).toBeNull();
    // A stored session whose id is 201 characters is never looked up; one of 200 is.
    for (const length of [200, 201]) {
      const id = 'x'.repeat(length);
      await db.query(
        "insert into sessions (id_hash, partner_id, kind, subject_id, remember, expires_at) values ($1, 'harbor', 'member', 9, false, now() + interval '1 hour')",
        [hashSessionId(id)],
      );
    }
    expect(await findSession(db, 'x'.repeat(200), 'member')).not.toBeNull();
    expect(await findSession(db, 'x'.repeat(201), 'member')).toBeNull();
  });

  it('stops counting when it expires, and activity slides its expiry forward', async () => {
    const expired = await member(2, -1000);
    expect(await findSession(db, expired.id, 'member')).toBeNull();
    const short = await member(2, 2000);
    const slid = await touchSession(db, short.id, 10 * MINUTE);
    expect(slid.getTime()).toBeGreaterThan(Date.now() + 9 * MINUTE);
    expect((await findSession(db, short.id, 'member'))?.expiresAt).toEqual(slid);
    // Touching one session leaves the others alone.
    const other = await member(2, 2000);
    await touchSession(db, short.id, 20 * MINUTE);
    expect((await findSession(db, other.id, 'member'))!.expiresAt.getTime()).toBeLessThan(Date.now() + 3000);
  });

  it('ends alone on sign-out; no cookie ends nothing', async () => {
    const a = await member(3);
    const b = await member(3);
    await deleteSession(db, a.id);
    await deleteSession(db, undefined);
    expect(await findSession(db, a.id, 'member')).toBeNull();
    expect(await findSession(db, b.id, 'member')).not.toBeNull();
  });

  it("of a member end together (a reset), or all but the current one (a password change); other members' and editors' stay", async () => {
    const [a, b, c] = [await member(4), await member(4), await member(4)];
    const otherMember = await member(5);
    const editor = await createSession(db, { partnerId: 'harbor', kind: 'editor', subjectId: 4, ttlMs: MINUTE });
    await deleteMemberSessions(db, 4, b.id);
    expect(await findSession(db, a.id, 'member')).toBeNull();
    expect(await findSession(db, b.id, 'member')).not.toBeNull();
    expect(await findSession(db, c.id, 'member')).toBeNull();
    const e = await member(4);
    await endOtherMemberSessions(app, 4, b.id);
    expect(await findSession(db, e.id, 'member')).toBeNull();
    expect(await findSession(db, b.id, 'member')).not.toBeNull();
    await endMemberSessions(app, 4);
    expect(await findSession(db, b.id, 'member')).toBeNull();
    expect(await findSession(db, otherMember.id, 'member')).not.toBeNull();
    expect(await findSession(db, editor.id, 'editor')).not.toBeNull();
    const d = await member(4);
    await deleteMemberSessions(db, 4);
    expect(await findSession(db, d.id, 'member')).toBeNull();
  });
});

describe('starting a member session', () => {
  it('sets an HttpOnly session cookie for the browser session and a readable expiry 15 minutes on', async () => {
    const before = Date.now();
    const res = await app.inject({ method: 'GET', url: '/start?member=11' });
    const expiresAt = new Date((res.json() as { expiresAt: string }).expiresAt);
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + 15 * MINUTE);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 15 * MINUTE);
    const session = res.cookies.find((c) => c.name === 'mb_session')!;
    expect(session).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(session.maxAge).toBeUndefined();
    expect(session.expires).toBeUndefined();
    const found = await findSession(db, session.value, 'member');
    expect(found).toMatchObject({ partnerId: 'harbor', kind: 'member', subjectId: 11, remember: false, expiresAt });
    const expiry = res.cookies.find((c) => c.name === 'mb_session_expires')!;
    expect(expiry.value).toBe(expiresAt.toISOString());
    expect(expiry).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(expiry.httpOnly).toBeUndefined();
    expect(expiry.expires).toEqual(new Date(Math.floor(expiresAt.getTime() / 1000) * 1000));
  });

  it('with remember me, lasts 90 days and its cookie outlives the browser', async () => {
    const before = Date.now();
    const res = await app.inject({ method: 'GET', url: '/start?member=12&remember=1' });
    const expiresAt = new Date((res.json() as { expiresAt: string }).expiresAt);
    expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + 90 * DAY);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 90 * DAY);
    expect(REMEMBER_MS).toBe(90 * DAY);
    const session = res.cookies.find((c) => c.name === 'mb_session')!;
    expect(session.maxAge).toBe(90 * 24 * 60 * 60);
    expect((await findSession(db, session.value, 'member'))?.remember).toBe(true);
  });

  it('marks the session and expiry cookies Secure when the browser came over HTTPS, and not over HTTP', async () => {
    const secure = await app.inject({ method: 'GET', url: '/start?member=15', headers: { 'x-forwarded-proto': 'https' } });
    const plain = await app.inject({ method: 'GET', url: '/start?member=15' });
    for (const name of ['mb_session', 'mb_session_expires']) {
      expect(secure.cookies.find((c) => c.name === name)?.secure, name).toBe(true);
      expect(plain.cookies.find((c) => c.name === name)?.secure, name).toBeUndefined();
    }
  });

  it('ends the session the browser had before, so a planted id is worthless', async () => {
    const planted = await member(13);
    const res = await app.inject({ method: 'GET', url: '/start?member=13', headers: { cookie: `mb_session=${planted.id}` } });
    expect(await findSession(db, planted.id, 'member')).toBeNull();
    const fresh = res.cookies.find((c) => c.name === 'mb_session')!.value;
    expect(fresh).not.toBe(planted.id);
    expect(await findSession(db, fresh, 'member')).not.toBeNull();
  });

  it('sends the CSRF token of the new session', async () => {
    const res = await app.inject({ method: 'GET', url: '/start?member=14', headers: { cookie: 'mb_csrf=browser-1' } });
    const token = res.headers['x-xsrf-token'] as string;
    const fresh = res.cookies.find((c) => c.name === 'mb_session')!.value;
    const check = (cookieHeader: string) =>
      app.inject({ method: 'GET', url: '/valid', headers: { cookie: cookieHeader, 'x-xsrf-token': token } });
    expect((await check(`mb_csrf=browser-1; mb_session=${fresh}`)).json()).toEqual({ valid: true });
    expect((await check('mb_csrf=browser-1')).json()).toEqual({ valid: false });
  });

  it('and signing out clears the session, expiry and emulation cookies', async () => {
    const res = await app.inject({ method: 'GET', url: '/clear' });
    const cleared = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    for (const name of ['mb_session', 'mb_session_expires', 'mb_emulation']) {
      expect(cleared[name], name).toMatchObject({ value: '', path: '/' });
      expect(cleared[name]!.expires!.getTime(), name).toBeLessThan(Date.now());
    }
  });
});
