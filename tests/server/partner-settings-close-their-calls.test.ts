// Partner settings are enforced by the server for every call they govern: POST
// /api/Reservations booked on greenleaf and metro (reservations off), reservation availability
// answered there too, a skyline join with a phone number was opted in to SMS silently (skyline has no
// SMS), harbor (sso) accepted email-only prospects, and outage.* closed the pages but not their calls.
// This walks the one table (src/shared/api-gates.ts) for every partner x every governed call: where
// a setting is off the call answers 404 (or 503 `outage` in maintenance) before it does anything,
// and where every setting is on it is not refused for a setting. One partner copy (metro) is put in
// outage mode for the walk.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_GATES, apiGateOpen, closedStatus, FIELD_GATES, gatesOf, type ApiCall, type ApiGate } from '#shared/api-gates.ts';
import { listPartnerIds, loadPartner } from '#server/partners/registry.ts';
import { createSession, MEMBER_COOKIE, SESSION_MS } from '#server/sessions.ts';
import { cookieJar, createTestApp, csrfFor, host, root, type TestApp } from './helpers.ts';

let t: TestApp;
let partnersDir: string;
let scratch: string;
let address = 0;

const OUTAGE = {
  login: true,
  join: true,
  showHomeLink: true,
  paths: ['/recover', '/account', '/add_card', '/activate', '/fix_credentials'],
};

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'menuboard-gates-'));
  partnersDir = join(scratch, 'partners');
  cpSync(join(root, 'partners'), partnersDir, { recursive: true });
  const metro = join(partnersDir, 'metro', 'partner.json');
  writeFileSync(metro, JSON.stringify({ ...(JSON.parse(readFileSync(metro, 'utf8')) as object), outage: OUTAGE }, null, 2));
  t = await createTestApp({ env: { PARTNERS_DIR: partnersDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A browser of `partner` signed in as one of its members (when it has any), with a CSRF token. */
async function visitor(partner: string) {
  const { rows } = await t.db.query<{ id: number; public_id: string }>(
    `select id, public_id from members where partner_id = $1 and member_type = 'EnrolledCardMember' order by id limit 1`,
    [partner],
  );
  const jar = cookieJar();
  if (rows[0]) {
    const session = await createSession(t.db, { partnerId: partner, kind: 'member', subjectId: Number(rows[0].id), ttlMs: SESSION_MS });
    jar.set(MEMBER_COOKIE, session.id);
  }
  const token = await csrfFor(t.app, partner, jar);
  const publicId = rows[0]?.public_id ?? 'nobody';
  return async (call: ApiCall, payload: unknown = {}) => {
    const [method, pattern] = call.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    const url = pattern.replace(':publicId', publicId).replace(':merchantId', '10006').replace(':code', 'x');
    const body = method === 'POST' || method === 'PUT';
    return t.app.inject({
      method,
      url,
      headers: {
        ...host(partner),
        cookie: jar.header(),
        'x-xsrf-token': token,
        'x-forwarded-for': `10.60.${Math.floor(++address / 250)}.${address % 250}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(payload) } : {}),
    });
  };
}

function codeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined; // a redirect or an empty answer: no refusal
  }
}

const configOf = (partner: string) => loadPartner(partnersDir, partner).bundle!.config;

describe('every partner x every governed call', () => {
  it('answers 404 (or 503 in an outage) wherever a setting it needs is off, and is not refused where all are on', async () => {
    const calls = [...new Set(Object.values(API_GATES).flatMap((list) => list ?? []))];
    const failures: string[] = [];
    let closedChecked = 0;
    let openChecked = 0;
    for (const partner of listPartnerIds(partnersDir)) {
      const send = await visitor(partner);
      const config = configOf(partner);
      for (const call of calls) {
        const closedGates = gatesOf(call).filter((gate: ApiGate) => !apiGateOpen(gate, config));
        const res = await send(call);
        const code = codeOf(res.body);
        if (closedGates.length) {
          closedChecked++;
          // Settings the partner lacks (404) are checked before maintenance (503).
          const expected = closedGates.some((gate) => closedStatus(gate) === 404) ? 404 : 503;
          const expectedCode = expected === 404 ? 'not_available' : 'outage';
          if (res.statusCode !== expected || code !== expectedCode) {
            failures.push(`${partner} ${call} (closed: ${closedGates.join(', ')}): ${res.statusCode} ${code ?? ''}`);
          }
        } else {
          openChecked++;
          if (code === 'not_available' || code === 'outage') failures.push(`${partner} ${call} (all open): ${res.statusCode} ${code}`);
        }
      }
    }
    console.log(`partner settings walk: ${closedChecked} closed and ${openChecked} open partner x call pairs checked`);
    expect(failures).toEqual([]);
    expect(closedChecked).toBeGreaterThan(50);
  });
});

describe('the defects a hostile week found, by name', () => {
  const booking = { merchantId: '10006', date: '2030-01-15', time: '19:00', partySize: 2 };

  it('reservations: no booking and no availability where reservations are off', async () => {
    for (const partner of ['greenleaf', 'metro']) {
      const send = await visitor(partner);
      expect((await send('POST /api/Reservations', booking)).statusCode).toBe(404);
      expect((await send('GET /api/Reservations/Availability')).statusCode).toBe(404);
    }
    const skyline = await visitor('skyline');
    const booked = await skyline('POST /api/Reservations', booking);
    expect((booked.json() as { code?: string }).code).not.toBe('not_available');
  });

  it('an sso partner takes no email-only prospects', async () => {
    const send = await visitor('harbor');
    const res = await send('POST /api/Members/Prospects', { email: 'lead@harbor.example' });
    expect(res.statusCode).toBe(404);
    const { rows } = await t.db.query(`select 1 from prospects where partner_id = 'harbor'`);
    expect(rows).toHaveLength(0);
  });

  it('outage.login and outage.join close sign-in and joining, not only their pages', async () => {
    const send = await visitor('metro');
    const signIn = await send('POST /api/Member/SignIn', { email: 'card0@metro.example', password: 'Dining-2026!' });
    expect(signIn.statusCode).toBe(503);
    expect((await send('POST /api/Members/Prospects', { email: 'lead@metro.example' })).statusCode).toBe(503);
    expect((await send('POST /api/Member/Recover', { emailOrPartnerNumber: 'card0@metro.example' })).statusCode).toBe(503);
  });
});

describe('SMS opt-in where the partner has no SMS', () => {
  const join = (email: string) => ({
    email,
    password: 'Dining-2026!',
    passwordConfirm: 'Dining-2026!',
    firstName: 'Sam',
    lastName: 'Smith',
    phoneNumber: '2125550188',
    smsOptIn: true,
    partnerNumber: '0000008750',
    zipCode: '10036',
  });

  it('a join with a phone number is not opted in to texts on skyline, and is where SMS is on (greenleaf)', async () => {
    expect(FIELD_GATES.sms.open(configOf('skyline'))).toBe(false);
    expect(FIELD_GATES.sms.open(configOf('greenleaf'))).toBe(true);
    const skyline = await visitor('skyline');
    const joined = await skyline('POST /api/Members/Prospects', join('sms-none@skyline.example'));
    expect(joined.statusCode, joined.body).toBe(201);
    expect((joined.json() as { member: { smsOptIn: boolean } }).member.smsOptIn).toBe(false);
    const greenleaf = await visitor('greenleaf');
    const { partnerNumber: _unused, ...withoutNumber } = join('sms-on@greenleaf.example');
    const on = await greenleaf('POST /api/Members/Prospects', withoutNumber);
    expect(on.statusCode).toBe(201);
    expect((on.json() as { member: { smsOptIn: boolean } }).member.smsOptIn).toBe(true);
  });

  it('a profile save cannot opt a member in to texts on a partner without SMS', async () => {
    for (const partner of ['skyline', 'harbor']) {
      const send = await visitor(partner);
      const res = await send('PUT /api/Member', { phoneNumber: '212-555-0177', smsOptIn: true });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { smsOptIn: boolean }).smsOptIn).toBe(false);
    }
  });
});

describe('declarations and the table agree, or the server does not start', () => {
  it('a route that forgets a gate the table lists, or declares one it does not, is named', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: gates } = await import('#server/plugins/gates.ts');
    const app = Fastify();
    await app.register(gates);
    app.post('/api/Reservations', async () => ({}));
    app.get('/api/Anything', { onRequest: app.requireGate('sso') }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(
      /POST \/api\/Reservations is listed under 'enrollment'[^]*GET \/api\/Anything declares app\.requireGate\('sso'\)/,
    );
  });
});
