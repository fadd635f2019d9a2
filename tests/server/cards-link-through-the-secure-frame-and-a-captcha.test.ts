// Cards through the secure frame's encryption and the captcha, re-enrolment of a closed account,
// the providers' frame and widget pages, /fix_credentials and PUT /api/Member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, csrfFor, type TestApp } from './helpers.ts';
import { captchaToken, encryptCard, origin, providersFor, session, signIn } from './auth-helpers.ts';
import { demoPartnerNumber } from '#server/seed/members.ts';

let t: TestApp;
let providers: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  providers = await providersFor(t);
});
afterAll(async () => {
  await providers.close();
  await t.close();
});

async function register(
  s: Awaited<ReturnType<typeof session>>,
  partner: string,
  cards: object[],
  extra: Record<string, unknown> = {},
  url = '/api/Member/Cards',
) {
  const token = await captchaToken(providers, origin(partner));
  return t.app.inject({
    method: 'POST',
    url,
    headers: s.headers({ origin: origin(partner) }),
    payload: { creditCards: cards, directFileFeedOptIn: true, gRecaptchaResponse: token, ...extra },
  });
}

describe('POST /api/Member/Cards', () => {
  it('links an encrypted card and makes a non-card member a card member', async () => {
    const s = await session(t.app, 'skyline', '10.9.0.1');
    await signIn(t.app, s, 'noncard@skyline.example');
    const res = await register(s, 'skyline', [
      { encryptedCardNumber: await encryptCard(providers, '4242424242424242'), lastFour: '4242', cardType: 'visa' },
      { lastFour: '' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRegistration).toEqual([
      {
        lastFour: '4242',
        cardType: 'visa',
        memberCard: { id: expect.any(String), description: 'Visa', cardType: 'visa', lastFour: '4242' },
      },
    ]);
    const me = await t.app.inject({ method: 'GET', url: '/api/Member', headers: s.headers() });
    expect(me.json().memberType).toBe('EnrolledCardMember');
    const list = await t.app.inject({ method: 'GET', url: '/api/Member/Cards', headers: s.headers() });
    expect(list.json()).toEqual([expect.objectContaining({ lastFour: '4242', cardType: 'visa' })]);
    // The number itself is stored nowhere.
    const dump = JSON.stringify((await t.db.query('select * from member_cards')).rows);
    expect(dump).not.toContain('4242424242424242');
  });

  it('reports card-level errors in cardRegistration (duplicate, in use, invalid, mismatch, unreadable)', async () => {
    // A card another member of the partner has linked.
    const other = await session(t.app, 'skyline', '10.9.0.6');
    await signIn(t.app, other, 'vip@skyline.example');
    const taken = await register(other, 'skyline', [
      { encryptedCardNumber: await encryptCard(providers, '4000000000000002'), lastFour: '0002', cardType: 'visa' },
    ]);
    expect(taken.statusCode, taken.body).toBe(200);
    const s = await session(t.app, 'skyline', '10.9.0.2');
    await signIn(t.app, s, 'card0@skyline.example');
    const first = await register(s, 'skyline', [
      { encryptedCardNumber: await encryptCard(providers, '5555555555554444'), lastFour: '4444', cardType: 'mastercard' },
    ]);
    expect(first.statusCode).toBe(200);
    const res = await register(s, 'skyline', [
      { encryptedCardNumber: await encryptCard(providers, '5555555555554444'), lastFour: '4444', cardType: 'mastercard' },
      { encryptedCardNumber: await encryptCard(providers, '4000000000000002'), lastFour: '0002', cardType: 'visa' },
      { encryptedCardNumber: await encryptCard(providers, '4111111111111112'), lastFour: '1112', cardType: 'visa' },
      { encryptedCardNumber: await encryptCard(providers, '378282246310005'), lastFour: '9999', cardType: 'amex' },
      { encryptedCardNumber: 'bm90IGEgY2lwaGVydGV4dA==', lastFour: '1234', cardType: 'visa' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().cardRegistration.map((r: { error?: { code: string } }) => r.error?.code)).toEqual([
      'duplicate',
      'in_use',
      'invalid',
      'mismatch',
      'unreadable',
    ]);
  });

  it('needs the card terms, a captcha token used once and bound to the site, and a session', async () => {
    const s = await session(t.app, 'skyline', '10.9.0.3');
    await signIn(t.app, s, 'card2@skyline.example');
    const card = { encryptedCardNumber: await encryptCard(providers, '6011111111111117'), lastFour: '1117', cardType: 'discover' };
    const terms = await register(s, 'skyline', [card], { directFileFeedOptIn: false });
    expect(terms.json()).toMatchObject({
      code: 'terms',
      message: 'Linking a card and authorizing activity monitoring is required to complete and earn rewards.',
    });
    const token = await captchaToken(providers, origin('skyline'), 'execute');
    const post = (gRecaptchaResponse: string, site = origin('skyline')) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Member/Cards',
        headers: s.headers({ origin: site }),
        payload: { creditCards: [card], directFileFeedOptIn: true, gRecaptchaResponse },
      });
    expect((await post('')).json()).toMatchObject({ code: 'captcha', message: 'You must complete the reCAPTCHA to continue.' });
    const otherSite = await captchaToken(providers, origin('metro'));
    expect((await post(otherSite)).json().code).toBe('captcha');
    expect((await post(token)).statusCode).toBe(200);
    expect((await post(token)).json().code).toBe('captcha');

    const anonymous = await session(t.app, 'skyline', '10.9.0.4');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Member/Cards',
      headers: anonymous.headers(),
      payload: { creditCards: [card], directFileFeedOptIn: true, gRecaptchaResponse: 'x' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unauthorized');
  });

  it('takes at most 12 cards per registration', async () => {
    const s = await session(t.app, 'skyline', '10.9.0.5');
    await signIn(t.app, s, 'vip@skyline.example');
    const cards = Array.from({ length: 13 }, () => ({ encryptedCardNumber: 'x', lastFour: '0000', cardType: 'visa' }));
    expect((await register(s, 'skyline', cards)).statusCode).toBe(400);
  });
});

describe('POST /api/Member/Reenroll', () => {
  it('reopens a closed account with a linked card', async () => {
    const s = await session(t.app, 'greenleaf', '10.10.0.1');
    const signedIn = await signIn(t.app, s, 'closed@greenleaf.example');
    expect(signedIn.json().memberType).toBe('ClosedAccountMember');
    const res = await register(
      s,
      'greenleaf',
      [{ encryptedCardNumber: await encryptCard(providers, '4000056655665556'), lastFour: '5556', cardType: 'visa' }],
      {},
      '/api/Member/Reenroll',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().cardRegistration[0].memberCard.lastFour).toBe('5556');
    const me = await t.app.inject({ method: 'GET', url: '/api/Member', headers: s.headers() });
    expect(me.json().memberType).toBe('EnrolledCardMember');
    // Only closed accounts re-enrol.
    const again = await register(
      s,
      'greenleaf',
      [{ encryptedCardNumber: await encryptCard(providers, '4012888888881881'), lastFour: '1881', cardType: 'visa' }],
      {},
      '/api/Member/Reenroll',
    );
    expect(again.statusCode).toBe(409);
  });

  it('answers 401 without a session', async () => {
    const s = await session(t.app, 'greenleaf', '10.10.0.2');
    const res = await register(
      s,
      'greenleaf',
      [{ encryptedCardNumber: 'x', lastFour: '1111', cardType: 'visa' }],
      {},
      '/api/Member/Reenroll',
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('providers origin', () => {
  it('serves the card frame only to app origins, frameable only by the one that asked', async () => {
    const ok = await providers.inject({ method: 'GET', url: '/card-frame?types=VISA,MAST&parent=http%3A%2F%2Fskyline.localhost%3A3580' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-security-policy']).toContain('frame-ancestors http://skyline.localhost:3580');
    expect(ok.body).toContain('id="card-number"');
    // The accepted cards by the names members know, not the partner file's codes.
    expect(ok.body).toContain('Accepted: <span class="types"><span>Visa</span> <span>Mastercard</span></span>');
    expect(ok.body).not.toContain('VISA');
    expect(ok.body).not.toContain('American Express');
    for (const parent of [
      'https://evil.example',
      'http://skyline.localhost.evil.example',
      'http://skyline.localhost:3580/path',
      'javascript:alert(1)',
    ]) {
      const res = await providers.inject({ method: 'GET', url: `/card-frame?parent=${encodeURIComponent(parent)}` });
      expect(res.statusCode, parent).toBe(400);
    }
  });

  it('marks the number required unless the form offers cards on file (optional=1)', async () => {
    const parent = 'parent=http%3A%2F%2Fmetro.localhost%3A3580';
    const required = (await providers.inject({ method: 'GET', url: `/card-frame?types=VISA&${parent}` })).body;
    expect(required).toMatch(/<input id="card-number"[^>]* required aria-required="true"/);
    expect(required).toContain('<span class="req" aria-hidden="true">*</span>');
    const optional = (await providers.inject({ method: 'GET', url: `/card-frame?types=VISA&optional=1&${parent}` })).body;
    expect(optional).toContain('<input id="card-number"');
    expect(optional).not.toMatch(/required/);
    expect(optional).not.toContain('class="req"');
  });

  it('publishes an RSA-OAEP public key and serves bundled scripts', async () => {
    const key = (await providers.inject({ method: 'GET', url: '/card-frame/key' })).json();
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', e: 'AQAB' });
    expect(key.d).toBeUndefined();
    for (const path of ['/card-frame/frame.js', '/captcha/api.js', '/captcha/widget.js']) {
      const res = await providers.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.body.length).toBeGreaterThan(200);
    }
  });

  it('gives captcha tokens only for app sites', async () => {
    expect((await providers.inject({ method: 'POST', url: '/captcha/solve', payload: { site: 'https://evil.example' } })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/Member/FixCredentials', () => {
  it('lets a member with an unusable email set one after signing in with the partner number', async () => {
    const s = await session(t.app, 'metro', '10.11.0.1');
    const res = await signIn(t.app, s, demoPartnerNumber(100008));
    expect(res.json().email).toBe('legacy-metro-member');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/Member/FixCredentials',
      headers: s.headers(),
      payload: { email: 'grace@example.com', emailConfirm: 'grace@example.org' },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/Member/FixCredentials',
      headers: s.headers(),
      payload: { email: 'grace@example.com', emailConfirm: 'grace@example.com' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('grace@example.com');
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/Member/FixCredentials',
      headers: s.headers(),
      payload: { email: 'g2@example.com', emailConfirm: 'g2@example.com' },
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('PUT /api/Member', () => {
  it('updates profile fields and lists field errors', async () => {
    const s = await session(t.app, 'metro', '10.12.0.1');
    await signIn(t.app, s, 'card0@metro.example');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/Member',
      headers: s.headers(),
      payload: {
        firstName: 'Liv',
        phoneNumber: '(646) 555-0199',
        smsOptIn: true,
        address: { address1: '1 Main St', city: 'New York', state: 'NY', zipCode: '10001' },
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      firstName: 'Liv',
      phoneNumber: '6465550199',
      smsOptIn: true,
      address: { zipCode: '10001', state: 'NY' },
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/Member',
      headers: s.headers(),
      payload: { phoneNumber: '123', address: { zipCode: '1' } },
    });
    expect(bad.statusCode).toBe(400);
    // metro is a credit partner, so a full address is not required even though it asks for one.
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['phoneNumber', 'zipCode']);
  });

  it("keeps sso members' names and passwords with their programme", async () => {
    const jar = await session(t.app, 'harbor', '10.12.0.2');
    const { rows } = await t.db.query<{ id: number }>("select id from members where public_id = 'harbor-card-2'");
    const { createSession } = await import('#server/sessions.ts');
    const created = await createSession(t.db, { partnerId: 'harbor', kind: 'member', subjectId: rows[0]!.id, ttlMs: 60_000 });
    // The CSRF token is bound to the session: fetched again once the session cookie is there.
    jar.jar.set('mb_session', created.id);
    await csrfFor(t.app, 'harbor', jar.jar);
    const headers = jar.headers();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/Member',
      headers,
      payload: { firstName: 'Changed', password: 'New-password-1', currentPassword: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['firstName', 'password']);
  });
});
