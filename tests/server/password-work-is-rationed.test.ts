// Password work is rationed: `PUT /api/Member` with {password, currentPassword} had no
// limit and no lockout, so 40 parallel calls from one session held the hashing pool (other members'
// sign-in p95 8.4 s) and guessed the current password without limit; the providers origin trusted
// every X-Forwarded-For hop whatever TRUST_PROXY said. Now every hashing call is rationed per account
// and per address before it may queue, the queue gives each kind of call its turn and a deadline, a
// wrong current password counts towards the lockout, and a new password ends the other sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildProvidersApp } from '#server/providers/app.ts';
import { loadConfig } from '#server/env.ts';
import { getPriority as osPriority } from 'node:os';
import { hashesStarted, hashPassword, HashQueue, lowPriorityHasher, PasswordBusyError, verifyPassword } from '#server/passwords.ts';
import { PASSWORD_RATIONS } from '#server/auth/password-ration.ts';
import { createTestApp, root, type TestApp } from './helpers.ts';
import { PASSWORD, session, signIn } from './auth-helpers.ts';

// The product's lockout threshold (docs/decisions/2026-11-23-sign-in-lockout.md), written as a literal.
const FAILURES_THAT_LOCK = 5;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('profile password change', () => {
  it('40 parallel changes from one session cost at most the ration in hashes', async () => {
    const s = await session(t.app, 'greenleaf', '203.0.113.90');
    expect((await signIn(t.app, s, 'card2@greenleaf.example')).statusCode).toBe(200);
    const started = hashesStarted.members;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/Member',
          headers: s.headers({ 'x-forwarded-for': `203.0.113.${100 + (i % 5)}` }),
          payload: { password: 'New-Password-2026!', currentPassword: `guess-${i}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // Admitted guesses answer 400 (wrong) or, on a machine too busy to hash them in time, 503.
    expect(statuses.filter((s) => s === 400 || s === 503).length).toBeLessThanOrEqual(PASSWORD_RATIONS.profile.account.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - PASSWORD_RATIONS.profile.account.max);
    expect(hashesStarted.members - started).toBeLessThanOrEqual(PASSWORD_RATIONS.profile.account.max);
  });

  it('wrong current passwords count towards the lockout, which then stops sign-in too', async () => {
    expect(PASSWORD_RATIONS.profile.account.max).toBeGreaterThanOrEqual(FAILURES_THAT_LOCK);
    const s = await session(t.app, 'greenleaf', '203.0.113.95');
    expect((await signIn(t.app, s, 'vip@greenleaf.example')).statusCode).toBe(200);
    const messages: string[] = [];
    for (let i = 0; i < FAILURES_THAT_LOCK; i++) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/Member',
        headers: s.headers(),
        payload: { password: 'New-Password-2026!', currentPassword: `guess-${i}` },
      });
      expect(res.statusCode).toBe(400);
      messages.push((res.json() as { message: string }).message);
    }
    expect(messages.at(-1)).toMatch(/locked/);
    // Now even the right current password is refused, and so is signing in.
    const right = await t.app.inject({
      method: 'PUT',
      url: '/api/Member',
      headers: s.headers(),
      payload: { password: 'New-Password-2026!', currentPassword: PASSWORD },
    });
    expect(right.statusCode === 400 || right.statusCode === 429).toBe(true);
    const other = await session(t.app, 'greenleaf', '203.0.113.91');
    const res = await signIn(t.app, other, 'vip@greenleaf.example');
    expect(res.statusCode).toBe(401);
    expect((res.json() as { code: string }).code).toBe('locked');
  });

  it('a new password ends the member’s other sessions and keeps this one', async () => {
    const mine = await session(t.app, 'skyline', '203.0.113.92');
    const theirs = await session(t.app, 'skyline', '203.0.113.93');
    expect((await signIn(t.app, mine, 'card0@skyline.example')).statusCode).toBe(200);
    expect((await signIn(t.app, theirs, 'card0@skyline.example')).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/Member',
      headers: mine.headers(),
      payload: { password: 'Fresh-Password-2026!', currentPassword: PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/Member', headers: mine.headers() });
    const them = await t.app.inject({ method: 'GET', url: '/api/Member', headers: theirs.headers() });
    expect(me.statusCode).toBe(200);
    expect(them.statusCode).toBe(401);
  });
});

describe('rations in front of the pool', () => {
  it('joins from one address beyond the ration are refused without a hash', async () => {
    const s = await session(t.app, 'greenleaf', '203.0.113.94');
    const max = PASSWORD_RATIONS.join.address.max;
    const started = hashesStarted.members;
    const statuses: number[] = [];
    for (let i = 0; i < max + 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Members/Prospects',
        headers: s.headers(),
        payload: {
          email: `ration-${i}@greenleaf.example`,
          password: PASSWORD,
          passwordConfirm: 'does-not-match',
          firstName: 'R',
          lastName: 'T',
        },
      });
      statuses.push(res.statusCode);
    }
    // A mismatched confirmation is refused before the ration (400): no hash, no count.
    expect(statuses.every((s) => s === 400)).toBe(true);
    for (let i = 0; i < max + 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Members/Prospects',
        headers: s.headers(),
        payload: { email: `ration-${i}@greenleaf.example`, password: PASSWORD, passwordConfirm: PASSWORD, firstName: 'R', lastName: 'T' },
      });
      statuses.push(res.statusCode);
    }
    const joins = statuses.slice(max + 3);
    expect(joins.slice(0, max).every((s) => s === 201)).toBe(true);
    expect(joins.slice(max).every((s) => s === 429)).toBe(true);
    expect(hashesStarted.members - started).toBe(max);
  });

  it('a locked sign-in costs no hash', async () => {
    const email = 'nobody-locked@metro.example';
    for (let i = 0; i < FAILURES_THAT_LOCK; i++) {
      const s = await session(t.app, 'metro', `198.18.0.${i + 1}`);
      expect((await signIn(t.app, s, email, `wrong-${i}`)).statusCode).toBe(401);
    }
    const started = hashesStarted.members;
    const s = await session(t.app, 'metro', '198.18.0.50');
    const res = await signIn(t.app, s, email, 'wrong-again');
    expect((res.json() as { code: string }).code).toBe('locked');
    expect(hashesStarted.members).toBe(started);
  });

  it('sign-ins of emails that match no account hash nothing, and answer as a wrong password does', async () => {
    // A flood of made-up emails used to cost a hash each (a dummy check, for equal timing), holding
    // a core; now the answer waits as long as a real check took. One measuring hash per process.
    const first = await session(t.app, 'skyline', '198.18.1.1');
    expect((await signIn(t.app, first, 'nobody-first@skyline.example', 'wrong')).statusCode).toBe(401);
    const wrong = await signIn(t.app, await session(t.app, 'skyline', '198.18.1.2'), 'card0@skyline.example', 'wrong-password');
    const started = hashesStarted.members;
    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) =>
        signIn(t.app, await session(t.app, 'skyline', `198.18.1.${10 + i}`), `nobody-${i}@skyline.example`, 'wrong'),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(401));
    for (const a of answers) expect(a.json()).toEqual(wrong.json());
    expect(hashesStarted.members).toBe(started);
  });
});

describe('the providers origin honours TRUST_PROXY', () => {
  let providers: FastifyInstance;
  beforeAll(async () => {
    // No trusted proxy: X-Forwarded-For is the client's own words and counts for nothing.
    const config = loadConfig({ ...process.env, PORT: '0', DATA_DIR: 'memory://', TRUST_PROXY: '' }, root);
    providers = await buildProvidersApp({ config: { ...config, databaseUrl: t.config.databaseUrl }, db: t.db });
    await providers.ready();
  });
  afterAll(async () => {
    await providers?.close();
  });

  it('rotating X-Forwarded-For does not lift the per-address limit of provider sign-in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const res = await providers.inject({
        method: 'POST',
        url: '/sso/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `100.64.${i}.1` },
        // Invalid parameters: answered 400 before any hash, but counted against the address all the same.
        payload: 'partner=',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

describe('the hashing queue', () => {
  /** A job that holds its slot until released. */
  function held(queue: HashQueue, lane: string, log: string[]) {
    let release!: () => void;
    const done = queue.run(lane, async () => {
      log.push(lane);
      await new Promise<void>((resolve) => (release = resolve));
    });
    return { done, release: () => release() };
  }
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('a flooded lane holds all slots but one, so another kind of call starts at once', async () => {
    const queue = new HashQueue(2, 50, 60_000);
    const log: string[] = [];
    const flood = Array.from({ length: 20 }, () => held(queue, 'join', log));
    await tick();
    expect(queue.busy).toBe(1);
    const member = held(queue, 'sign-in', log);
    await tick();
    expect(log).toEqual(['join', 'sign-in']);
    member.release();
    await member.done;
    for (const job of flood) {
      await tick();
      job.release();
    }
    await Promise.all(flood.map((j) => j.done));
  });

  it('waiting lanes take turns for a freed slot', async () => {
    const queue = new HashQueue(1, 50, 60_000);
    const log: string[] = [];
    let releaseCurrent: () => void = () => {};
    const job = (lane: string) =>
      queue.run(lane, async () => {
        log.push(lane);
        await new Promise<void>((resolve) => (releaseCurrent = resolve));
      });
    const all = [job('a'), job('a'), job('a'), job('b'), job('b')];
    for (let i = 0; i < all.length; i++) {
      await tick();
      releaseCurrent();
    }
    await Promise.all(all);
    expect(log).toEqual(['a', 'b', 'a', 'b', 'a']);
  });

  it('says when a call would be refused, so it can be refused before any other work', async () => {
    const queue = new HashQueue(2, 2, 60_000);
    const log: string[] = [];
    const running = held(queue, 'join', log);
    await tick();
    expect(queue.wouldRefuse('join')).toBe(false);
    const waiting = [held(queue, 'join', log), held(queue, 'join', log)];
    await tick();
    expect(queue.wouldRefuse('join')).toBe(true);
    // Another lane still has its slot.
    expect(queue.wouldRefuse('sign-in')).toBe(false);
    running.release();
    await running.done;
    await tick();
    expect(queue.wouldRefuse('join')).toBe(false);
    for (const job of waiting) {
      await tick();
      job.release();
    }
    await Promise.all(waiting.map((j) => j.done));
  });

  it('a waiter not started by its deadline is refused', async () => {
    const queue = new HashQueue(1, 50, 20);
    const log: string[] = [];
    const first = held(queue, 'a', log);
    await tick();
    await expect(queue.run('b', async () => {})).rejects.toBeInstanceOf(PasswordBusyError);
    first.release();
    await first.done;
  });
});

describe('hashes that may wait', () => {
  it('run in a thread at a lower CPU priority than the server, and what they store still verifies', async () => {
    // A join, reset or profile change flooded on two cores took a core from members signing in.
    expect(await lowPriorityHasher.priority()).toBeGreaterThan(osPriority());
    const stored = await hashPassword('Join-Password-2026!', { pool: 'members', lane: 'join' });
    expect(await verifyPassword('Join-Password-2026!', stored, { pool: 'members', lane: 'sign-in' })).toBe(true);
    expect(await verifyPassword('wrong', stored, { pool: 'members', lane: 'profile' })).toBe(false);
  });
});
