// Limits that hold: 8 parallel card links linked 8 cards where the maximum is 5; rate
// limits were per instance, so two instances doubled every limit; a sign-out with no
// Sec-Fetch-Site, Origin or Referer still signed out, and during a database outage sign-out answered
// 503 and left the cookies; GET /api/Members/Validate/Email told anyone which emails are members.
// The two-instance part needs PostgreSQL (TEST_DATABASE_URL); the rest runs on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { openPostgres, type Db, type Queryable } from '#server/db/index.ts';
import { DatabaseCounters } from '#server/limits.ts';
import { RECOVERY_RATE_LIMIT } from '#server/routes/recovery.ts';
import { VALIDATE_EMAIL_PER_ADDRESS, VALIDATE_EMAIL_PER_PARTNER } from '#server/routes/prospects.ts';
import { findSession, MEMBER_COOKIE } from '#server/sessions.ts';
import { createTestApp, host, type TestApp } from './helpers.ts';
import { captchaToken, encryptCard, origin, providersFor, session, signIn } from './auth-helpers.ts';

/** A database handle that fails like node-postgres does when the server is unreachable. */
function switchable(db: Db): { db: Db; down: boolean } {
  const state = { down: false, db };
  const refuse = (): never => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  };
  const guard = (q: Queryable): Queryable => ({
    query: async (sql, params) => (state.down ? refuse() : q.query(sql, params)),
    exec: async (sql) => (state.down ? refuse() : q.exec(sql)),
  });
  state.db = {
    ...guard(db),
    kind: db.kind,
    transaction: async (fn) => (state.down ? refuse() : db.transaction((tx) => fn(guard(tx)))),
    close: () => db.close(),
  };
  return state;
}

let t: TestApp;
let providers: FastifyInstance;
let outage: { db: Db; down: boolean };
beforeAll(async () => {
  t = await createTestApp({ wrapDb: (db) => (outage = switchable(db)).db });
  providers = await providersFor(t);
});
afterAll(async () => {
  await providers?.close();
  await t?.close();
});

/** A 16-digit Visa number passing Luhn, different for each n. */
function visa(n: number): string {
  const payload = `4000${String(n).padStart(11, '0')}`;
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let d = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) d *= 2;
    sum += d > 9 ? d - 9 : d;
  }
  return `${payload}${(10 - (sum % 10)) % 10}`;
}

describe('the card maximum', () => {
  it('8 parallel links of one card each never pass the maximum of 5', async () => {
    const s = await session(t.app, 'skyline', '10.40.0.1');
    expect((await signIn(t.app, s, 'noncard@skyline.example')).statusCode).toBe(200);
    const bodies = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const number = visa(7000 + i);
        return {
          creditCards: [{ encryptedCardNumber: await encryptCard(providers, number), lastFour: number.slice(-4), cardType: 'visa' }],
          directFileFeedOptIn: true,
          gRecaptchaResponse: await captchaToken(providers, origin('skyline')),
        };
      }),
    );
    const answers = await Promise.all(
      bodies.map((payload) =>
        t.app.inject({ method: 'POST', url: '/api/Member/Cards', headers: s.headers({ origin: origin('skyline') }), payload }),
      ),
    );
    const linked = answers.filter((a) => a.statusCode === 200).length;
    expect(linked).toBe(5);
    const cards = await t.app.inject({ method: 'GET', url: '/api/Member/Cards', headers: s.headers() });
    expect(cards.json()).toHaveLength(5);
    const refused = answers
      .filter((a) => a.statusCode === 400)
      .map((a) => a.json() as { cardRegistration: Array<{ error?: { code: string } }> });
    expect(refused.every((r) => r.cardRegistration[0]?.error?.code === 'max_cards')).toBe(true);
  });

  it('one registration of several cards links only up to the maximum of 5, counting the cards already linked', async () => {
    // skyline keeps the base maximum of 5 (partners/_base/partner.json); written here as the number
    // a member would see, not read from the code that enforces it.
    const maximum = 5;
    const s = await session(t.app, 'skyline', '10.40.0.9');
    expect((await signIn(t.app, s, 'vip@skyline.example')).statusCode).toBe(200);
    const listed = async () => (await t.app.inject({ method: 'GET', url: '/api/Member/Cards', headers: s.headers() })).json() as unknown[];
    const before = (await listed()).length;
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(maximum - 1);
    const room = maximum - before;
    const numbers = Array.from({ length: room + 2 }, (_, i) => visa(8000 + i));
    const creditCards = await Promise.all(
      numbers.map(async (number) => ({
        encryptedCardNumber: await encryptCard(providers, number),
        lastFour: number.slice(-4),
        cardType: 'visa',
      })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Member/Cards',
      headers: s.headers({ origin: origin('skyline') }),
      payload: { creditCards, directFileFeedOptIn: true, gRecaptchaResponse: await captchaToken(providers, origin('skyline')) },
    });
    expect(res.statusCode).toBe(200);
    const results = (res.json() as { cardRegistration: Array<{ memberCard?: unknown; error?: { code: string } }> }).cardRegistration;
    expect(results.map((r) => (r.memberCard ? 'linked' : r.error?.code))).toEqual([
      ...Array.from({ length: room }, () => 'linked'),
      'max_cards',
      'max_cards',
    ]);
    expect(await listed()).toHaveLength(maximum);
  });
});

describe('sign-out', () => {
  it('is refused without any same-site evidence (no Sec-Fetch-Site, Origin or Referer), and works with it', async () => {
    const s = await session(t.app, 'skyline', '10.40.0.2');
    expect((await signIn(t.app, s, 'card2@skyline.example')).statusCode).toBe(200);
    const bare = await t.app.inject({ method: 'GET', url: '/api/SignOut', headers: { ...host('skyline'), cookie: s.jar.header() } });
    expect(bare.statusCode).toBe(403);
    expect(await findSession(t.db, s.jar.header().match(/mb_session=([^;]+)/)?.[1], 'member')).not.toBeNull();
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/SignOut',
      headers: { ...host('skyline'), cookie: s.jar.header(), 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('during a database outage still clears the cookies, and the session is deleted once the database is back', async () => {
    const s = await session(t.app, 'greenleaf', '10.40.0.3');
    expect((await signIn(t.app, s, 'card2@greenleaf.example')).statusCode).toBe(200);
    const id = s.jar.header().match(/mb_session=([^;]+)/)?.[1];
    outage.down = true;
    let res;
    try {
      res = await t.app.inject({
        method: 'GET',
        url: '/api/SignOut',
        headers: { ...host('greenleaf'), cookie: s.jar.header(), 'sec-fetch-site': 'same-origin' },
      });
    } finally {
      outage.down = false;
    }
    expect(res.statusCode).toBe(200);
    const cleared = (res.cookies as Array<{ name: string; value: string }>).find((c) => c.name === MEMBER_COOKIE);
    expect(cleared?.value).toBe('');
    // The retry runs every 5 s.
    await expect.poll(() => findSession(t.db, id, 'member'), { timeout: 15_000, interval: 500 }).toBeNull();
  }, 30_000);
});

describe('email validation', () => {
  it('answers a few checks per address a minute, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= VALIDATE_EMAIL_PER_ADDRESS; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/Members/Validate/Email?email=probe${i}%40skyline.example`,
        headers: { ...host('skyline'), 'x-forwarded-for': '10.40.0.9' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, VALIDATE_EMAIL_PER_ADDRESS).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('email validation from rotating addresses', () => {
  it('answers at most the per-partner budget a minute from all addresses together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < VALIDATE_EMAIL_PER_PARTNER + 5; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/Members/Validate/Email?email=harvest${i}%40greenleaf.example`,
        headers: { ...host('greenleaf'), 'x-forwarded-for': `10.42.${Math.floor(i / 200)}.${i % 200}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(VALIDATE_EMAIL_PER_PARTNER);
    expect(statuses.slice(VALIDATE_EMAIL_PER_PARTNER).every((s) => s === 429)).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let otherDb: Db;
  let other: FastifyInstance;
  beforeAll(async () => {
    otherDb = await openPostgres(t.config.databaseUrl!);
    other = await buildApp({ config: t.config, db: otherDb });
    await other.ready();
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await otherDb?.close();
  });

  it('share a rate limit: one address gets the limit once, not once per instance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < RECOVERY_RATE_LIMIT + 2; i++) {
      const app = i % 2 === 0 ? t.app : other;
      const s = await session(app, 'skyline', '10.41.0.1');
      const res = await app.inject({
        method: 'GET',
        url: '/api/Member/Recover/Token?token=nothing',
        headers: s.headers(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });

  it('count parallel hits on two connections one by one', async () => {
    const a = new DatabaseCounters(t.db);
    const b = new DatabaseCounters(otherDb);
    const hits = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('test:parallel', 60_000)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('link cards within the maximum whichever instance each link reaches', async () => {
    const s = await session(t.app, 'metro', '10.41.0.2');
    expect((await signIn(t.app, s, 'noncard@metro.example')).statusCode).toBe(200);
    const { rows } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from member_cards c join members m on m.id = c.member_id where m.email = 'noncard@metro.example'`,
    );
    const room = 20 - Number(rows[0]!.n);
    const answers = await Promise.all(
      Array.from({ length: room + 4 }, async (_, i) => {
        const number = visa(8000 + i);
        const payload = {
          creditCards: [{ encryptedCardNumber: await encryptCard(providers, number), lastFour: number.slice(-4), cardType: 'visa' }],
          directFileFeedOptIn: true,
          gRecaptchaResponse: await captchaToken(providers, origin('metro')),
        };
        const app = i % 2 ? t.app : other;
        return app.inject({ method: 'POST', url: '/api/Member/Cards', headers: s.headers({ origin: origin('metro') }), payload });
      }),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(room);
  });
});
