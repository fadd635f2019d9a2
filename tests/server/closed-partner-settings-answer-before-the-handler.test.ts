// The partner-settings guard (src/server/plugins/gates.ts) on a small Fastify app holding only the
// gates plugin and one route per call of src/shared/api-gates.ts: a closed gate answers 404 or 503
// before the handler runs, a closed field gate rewrites the fields, and an app whose routes and
// table disagree does not start. No database, so each mutant costs about a second
// (docs/mutation-testing.md); tests/server/partner-settings-close-their-calls.test.ts walks the real
// routes of every partner.
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_GATES, FIELD_GATES, gatesOf, type ApiCall } from '#shared/api-gates.ts';
import gates, { OUTAGE_MESSAGE } from '#server/plugins/gates.ts';
import type { PartnerBundle } from '#shared/partner.ts';

interface Settings {
  enrollmentType: 'direct' | 'sso' | 'none';
  currencyType: 'Miles' | 'Points' | 'Credit';
  outage: { login?: boolean; join?: boolean; paths?: string[] };
  openTableReservationsEnabled?: boolean;
  hasFlexOffers?: boolean;
  hasPartnerLoadedCards?: boolean;
  hasSmsOptIn?: boolean;
  hasSmsOptInV2?: boolean;
}

const OPEN: Settings = {
  enrollmentType: 'direct',
  currencyType: 'Credit',
  outage: { login: false, join: false, paths: [] },
  openTableReservationsEnabled: true,
  hasFlexOffers: true,
  hasPartnerLoadedCards: true,
  hasSmsOptIn: true,
  hasSmsOptInV2: false,
};

/** A bare app with the gates plugin, whose requests belong to a partner with the `x-settings` header's settings. */
async function bareApp(): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorateRequest('partner', null as unknown as PartnerBundle);
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['x-settings'];
    const config = { ...OPEN, ...(typeof header === 'string' ? (JSON.parse(header) as Partial<Settings>) : {}) };
    request.partner = { id: 'test', config } as unknown as PartnerBundle;
    done();
  });
  await app.register(gates);
  return app;
}

const parts = (call: ApiCall) => {
  const [method, url] = call.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  return { method, url };
};

let app: FastifyInstance;
let handled = 0;

// Built per test (not once in beforeAll): Stryker counts code run outside a test as static and leaves
// it out, so the plugin's own setup is measured only when tests run it.
beforeEach(async () => {
  app = await bareApp();
  const calls = new Set<ApiCall>([
    ...Object.values(API_GATES).flatMap((c) => c ?? []),
    ...(Object.keys(FIELD_GATES.sms.closed) as ApiCall[]),
  ]);
  for (const call of calls) {
    const fieldGated = call in FIELD_GATES.sms.closed;
    app.route({
      ...parts(call),
      // One route declares its flag the short way.
      onRequest:
        call === 'GET /api/Reservations/Availability' ? app.requireFlag('openTableReservationsEnabled') : app.requireGate(...gatesOf(call)),
      ...(fieldGated ? { preValidation: app.fieldGate('sms') } : {}),
      handler: async (request) => {
        handled++;
        return { body: request.body ?? null };
      },
    });
  }
  await app.ready();
});
afterEach(() => app.close());

async function call(c: ApiCall, settings: Partial<Settings>, payload?: object): Promise<{ res: LightMyRequestResponse; ran: boolean }> {
  const before = handled;
  const res: LightMyRequestResponse = await app.inject({
    ...parts(c),
    url: parts(c).url.replace(/:(\w+)/g, 'x'),
    headers: { 'x-settings': JSON.stringify(settings) },
    ...(payload ? { payload } : {}),
  });
  return { res, ran: handled > before };
}

describe('a closed gate', () => {
  it('answers 404 not_available, never cached, when the partner does not have the call, and the handler never runs', async () => {
    const cases: Array<[ApiCall, Partial<Settings>]> = [
      ['GET /api/Member', { enrollmentType: 'none' }],
      ['POST /api/Member/SignIn', { enrollmentType: 'sso' }],
      ['GET /api/Member/SSO/Start', { enrollmentType: 'direct' }],
      ['GET /api/Member/StatementCreditBalance', { currencyType: 'Miles' }],
      ['GET /api/Reservations/Availability', { openTableReservationsEnabled: false }],
      ['GET /api/merchants/:merchantId/flex-offers/members/:publicId', { hasFlexOffers: false }],
    ];
    for (const [c, settings] of cases) {
      const { res, ran } = await call(c, settings);
      expect(res.statusCode, c).toBe(404);
      expect(ran, c).toBe(false);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'This is not available for this program.',
        code: 'not_available',
      });
    }
  });

  it('answers 503 outage while the process or page is in maintenance', async () => {
    const cases: Array<[ApiCall, Partial<Settings>]> = [
      ['POST /api/Member/SignIn', { outage: { login: true } }],
      ['POST /api/Members/Prospects', { outage: { join: true } }],
      ['POST /api/Member/Cards', { outage: { paths: ['/add_card'] } }],
      ['PUT /api/Member', { outage: { paths: ['/account'] } }],
    ];
    for (const [c, settings] of cases) {
      const { res, ran } = await call(c, settings);
      expect(res.statusCode, c).toBe(503);
      expect(ran, c).toBe(false);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: OUTAGE_MESSAGE, code: 'outage' });
    }
  });

  it('is checked for every gate a call needs, the first closed one answering', async () => {
    // POST /api/Reservations needs the member area and the reservations flag.
    expect((await call('POST /api/Reservations', { openTableReservationsEnabled: false })).res.statusCode).toBe(404);
    expect((await call('POST /api/Reservations', { enrollmentType: 'none' })).res.statusCode).toBe(404);
    // POST /api/Member/Cards: the member area, then two outage pages.
    expect((await call('POST /api/Member/Cards', { outage: { paths: ['/account/manage_cards'] } })).res.statusCode).toBe(503);
    expect((await call('POST /api/Member/Cards', { enrollmentType: 'none', outage: { paths: ['/add_card'] } })).res.statusCode).toBe(404);
  });
});

describe('an open gate', () => {
  it('lets the call through to its handler', async () => {
    for (const c of [
      'GET /api/Member',
      'POST /api/Member/SignIn',
      'GET /api/Reservations/Availability',
      'POST /api/Member/Cards',
    ] as ApiCall[]) {
      const { res, ran } = await call(c, {});
      expect(res.statusCode, c).toBe(200);
      expect(ran, c).toBe(true);
    }
    expect((await call('GET /api/Member/SSO/Start', { enrollmentType: 'sso' })).res.statusCode).toBe(200);
    expect((await call('POST /api/Member/Cards', { outage: { paths: ['/account/user_profile'] } })).res.statusCode).toBe(200);
  });

  it('requireFlag is the flag gate', async () => {
    expect((await call('GET /api/Reservations/Availability', { openTableReservationsEnabled: false })).res.statusCode).toBe(404);
    expect((await call('GET /api/Reservations/Availability', { openTableReservationsEnabled: true })).res.statusCode).toBe(200);
  });
});

describe('a closed field gate', () => {
  it('reads the SMS fields as false on a partner without SMS opt-in, and leaves them otherwise', async () => {
    const closed = { hasSmsOptIn: false, hasSmsOptInV2: false };
    const put = await call('PUT /api/Member', closed, { smsOptIn: true, firstName: 'Ann' });
    expect(put.res.json()).toEqual({ body: { smsOptIn: false, firstName: 'Ann' } });
    const join = await call('POST /api/Members/Prospects', closed, { smsOptIn: true, smsOptInV2: true });
    expect(join.res.json()).toEqual({ body: { smsOptIn: false, smsOptInV2: false } });
    expect((await call('PUT /api/Member', {}, { smsOptIn: true })).res.json()).toEqual({ body: { smsOptIn: true } });
    expect((await call('PUT /api/Member', { hasSmsOptIn: false, hasSmsOptInV2: true }, { smsOptIn: true })).res.json()).toEqual({
      body: { smsOptIn: true },
    });
  });

  it('leaves a body that is no object alone', async () => {
    const closed = { hasSmsOptIn: false, hasSmsOptInV2: false };
    expect((await call('PUT /api/Member', closed, [{ smsOptIn: true }])).res.json()).toEqual({ body: [{ smsOptIn: true }] });
    expect((await call('PUT /api/Member', closed)).res.json()).toEqual({ body: null });
  });
});

describe('routes and the table', () => {
  async function startWith(routes: (app: FastifyInstance) => void): Promise<string> {
    const bare = await bareApp();
    routes(bare);
    try {
      await bare.ready();
      return 'started';
    } catch (error) {
      return String(error);
    } finally {
      await bare.close();
    }
  }

  /** Every listed call with its gates, but for `except`. */
  function allBut(except: ApiCall | null, bare: FastifyInstance, fields = true): void {
    for (const c of new Set(Object.values(API_GATES).flatMap((calls) => calls ?? []))) {
      if (c === except) continue;
      const fieldGated = fields && c in FIELD_GATES.sms.closed;
      bare.route({
        ...parts(c),
        onRequest: bare.requireGate(...gatesOf(c)),
        ...(fieldGated ? { preValidation: bare.fieldGate('sms') } : {}),
        handler: async () => ({}),
      });
    }
  }

  it('start when they agree (HEAD routes of gated GETs included), other hooks and ungated routes aside', async () => {
    expect(await startWith((bare) => allBut(null, bare))).toBe('started');
    expect(
      await startWith((bare) => {
        allBut(null, bare);
        const plain = (_request: unknown, _reply: unknown, done: () => void) => done();
        bare.get('/api/Search', { onRequest: [plain], preValidation: plain }, async () => ({}));
        bare.route({ method: ['GET', 'POST'], url: '/api/Open', handler: async () => ({}) });
      }),
    ).toBe('started');
  });

  it('do not start when a route forgets a gate its call is listed under', async () => {
    const message = await startWith((bare) => {
      allBut('POST /api/Reservations', bare);
      bare.post('/api/Reservations', { onRequest: bare.requireGate('enrollment') }, async () => ({}));
    });
    expect(message).toContain(
      "POST /api/Reservations is listed under 'flag:openTableReservationsEnabled' in src/shared/api-gates.ts but its route does not declare app.requireGate('flag:openTableReservationsEnabled')",
    );
    expect(message).not.toContain("under 'enrollment'");
  });

  it('do not start when a listed call has no route, or a route declares a gate the table does not list', async () => {
    const missing = await startWith((bare) => allBut('GET /api/Cards/AllPartnerCards', bare));
    expect(missing).toBe(
      'Error: partner settings and routes disagree:\n' +
        ['enrollment', 'flag:hasPartnerLoadedCards', 'page:/add_card', 'page:/account/manage_cards']
          .map(
            (gate) =>
              `GET /api/Cards/AllPartnerCards is listed under '${gate}' in src/shared/api-gates.ts but its route does not declare app.requireGate('${gate}')`,
          )
          .join('\n'),
    );
    const extra = await startWith((bare) => {
      allBut(null, bare);
      bare.get('/api/Search', { onRequest: [bare.requireGate('credit')] }, async () => ({}));
    });
    expect(extra).toContain(
      "GET /api/Search declares app.requireGate('credit') but src/shared/api-gates.ts does not list it under 'credit'",
    );
  });

  it('do not start when a route carrying SMS fields forgets its field gate, or one declares it unlisted', async () => {
    const forgot = await startWith((bare) => allBut(null, bare, false));
    expect(forgot).toContain("PUT /api/Member carries 'sms' fields but its route does not declare app.fieldGate('sms')");
    expect(forgot).toContain("POST /api/Members/Prospects carries 'sms' fields");
    const unlisted = await startWith((bare) => {
      allBut(null, bare);
      bare.post('/api/Other', { preValidation: [bare.fieldGate('sms')] }, async () => ({}));
    });
    expect(unlisted).toContain("POST /api/Other declares app.fieldGate('sms') but FIELD_GATES.sms does not list it");
    expect(unlisted).toMatch(/^Error: partner settings and routes disagree:\n/);
  });
});
