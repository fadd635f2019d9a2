// Linked cards and the profile (spec 001 §2 "Manage cards", "Profile", §4 card deletion, §5, §7):
// deleting cards (the last one closes the account and signs out), the ZIP check, and email opt-in
// unlocking tier 2 at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardDeleteResult, Member, MemberCard } from '#shared/generated/types.ts';
import { validateApiCardDeleteResult, validateApiZipValidation } from '#shared/generated/validators.js';
import { createTestApp, type TestApp } from './helpers.ts';
import { anonymous, memberSession, type MemberSession } from './account-helpers.ts';

let t: TestApp;
let skyline: MemberSession;
beforeAll(async () => {
  t = await createTestApp();
  skyline = await memberSession(t.app, 'skyline', 'card0');
  // A seeded database plus a scrypt sign-in: slow on a loaded machine.
}, 240_000);
afterAll(() => t.close());

const cards = async (s: MemberSession) => (await s.get('/api/Member/Cards')).json() as MemberCard[];

describe('DELETE /api/Member/Cards?id=', () => {
  it('removes one card and keeps the account while another is linked', async () => {
    const s = await memberSession(t.app, 'greenleaf', 'card2');
    const before = await cards(s);
    expect(before).toHaveLength(2);
    const res = await s.send('DELETE', `/api/Member/Cards?id=${before[0]!.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as CardDeleteResult;
    expect(validateApiCardDeleteResult(body)).toBe(true);
    expect(body).toEqual({ cards: [before[1]], accountClosed: false });
    expect(await cards(s)).toEqual([before[1]]);
    expect((await s.get('/api/Member')).json()).toMatchObject({ memberType: 'EnrolledCardMember' });
  });

  it('deleting the last card closes the account and ends the session; the next sign-in is a closed account', async () => {
    const s = await memberSession(t.app, 'metro', 'vip');
    const [only] = await cards(s);
    const res = await s.send('DELETE', `/api/Member/Cards?id=${only!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cards: [], accountClosed: true });
    const cleared = res.cookies.find((c) => c.name === 'mb_session');
    expect(cleared?.value).toBe('');
    expect((await s.get('/api/Member')).statusCode).toBe(401);

    const again = await memberSession(t.app, 'metro', 'vip');
    expect((await again.get('/api/Member')).json()).toMatchObject({ memberType: 'ClosedAccountMember' });
  });

  it('another member’s card, or an unknown id, is a 404 and deletes nothing', async () => {
    const other = await memberSession(t.app, 'skyline', 'card2');
    const [theirs] = await cards(other);
    expect((await skyline.send('DELETE', `/api/Member/Cards?id=${theirs!.id}`)).statusCode).toBe(404);
    expect((await skyline.send('DELETE', '/api/Member/Cards?id=999999999')).statusCode).toBe(404);
    expect(await cards(other)).toHaveLength(2);
  });

  it.each(['', '?id=', '?id=abc', '?id=1;drop', `?id=${'9'.repeat(30)}`])('%s is a 400 naming id', async (query) => {
    const res = await skyline.send('DELETE', `/api/Member/Cards${query}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('id');
  });

  it('needs a session and the anti-forgery header', async () => {
    const [mine] = await cards(skyline);
    const a = await anonymous(t.app, 'skyline');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Member/Cards?id=${mine!.id}`, headers: a.headers() })).statusCode).toBe(401);
    const { 'x-xsrf-token': _csrf, ...noCsrf } = skyline.headers();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/Member/Cards?id=${mine!.id}`, headers: noCsrf })).statusCode).toBe(403);
    expect(await cards(skyline)).toHaveLength(1);
  });
});

describe('GET /api/Members/Validate/Zip', () => {
  it.each([
    ['10036', true],
    ['60601', true],
    ['94103', true],
    ['00000', false],
    ['99999', false],
    ['1003', false],
    ['100366', false],
    ['abcde', false],
    ['H0H0H0', false],
  ])('%s is valid: %s', async (zip, isValid) => {
    const res = await skyline.get(`/api/Members/Validate/Zip?zip=${zip}`);
    expect(res.statusCode).toBe(200);
    expect(validateApiZipValidation(res.json())).toBe(true);
    expect(res.json()).toEqual({ isValid });
  });

  it('without zip, or with a long one, is a 400 naming zip', async () => {
    for (const query of ['', '?zip=', `?zip=${'1'.repeat(11)}`]) {
      const res = await skyline.get(`/api/Members/Validate/Zip${query}`);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('zip');
    }
  });

  it('needs a session', async () => {
    const a = await anonymous(t.app, 'skyline');
    expect((await t.app.inject({ method: 'GET', url: '/api/Members/Validate/Zip?zip=10036', headers: a.headers() })).statusCode).toBe(401);
  });
});

describe('PUT /api/Member: email opt-in and ZIP', () => {
  it('opting in to emails makes a tier-0 member tier 2 at once; opting out returns to tier 0', async () => {
    const s = await memberSession(t.app, 'greenleaf', 'card0');
    expect((await s.get('/api/Member')).json()).toMatchObject({ tierLevel: 0, emailOptIn: false });
    const res = await s.send('PUT', '/api/Member', { emailOptIn: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tierLevel: 2, emailOptIn: true, userStates: expect.arrayContaining(['tier_2']) });
    expect((res.json() as Member).diningProgress).toBeDefined();
    expect((await s.get('/api/Member')).json()).toMatchObject({ tierLevel: 2 });
    expect((await s.send('PUT', '/api/Member', { emailOptIn: false })).json()).toMatchObject({ tierLevel: 0, emailOptIn: false });
  });

  it('a VIP stays VIP whatever the email choice', async () => {
    const s = await memberSession(t.app, 'greenleaf', 'vip');
    expect((await s.send('PUT', '/api/Member', { emailOptIn: false })).json()).toMatchObject({ tierLevel: 3, emailOptIn: false });
  });

  it('a ZIP outside the US list is a field error, and nothing is saved', async () => {
    const s = await memberSession(t.app, 'greenleaf', 'card2');
    const res = await s.send('PUT', '/api/Member', { firstName: 'Changed', address: { zipCode: '00000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'zipCode', message: 'This ZIP is not located in the U.S.' }] });
    expect((await s.get('/api/Member')).json()).toMatchObject({ firstName: 'Liam', address: { zipCode: '10036' } });
  });
});

describe('PUT /api/Member: the profile rules of spec 001 §5', () => {
  it('takes a state from the list (states, DC and the territories) or blank; anything else is a state field error', async () => {
    const s = await memberSession(t.app, 'skyline', 'vip');
    for (const state of ['DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'NY']) {
      const res = await s.send('PUT', '/api/Member', { address: { state, zipCode: '10036' } });
      expect(res.statusCode, state).toBe(200);
      expect(res.json()).toMatchObject({ address: { state } });
    }
    expect((await s.send('PUT', '/api/Member', { address: { state: '', zipCode: '10036' } })).json()).not.toHaveProperty('address.state');
    for (const state of ['ZZ', 'ny', 'XX']) {
      const res = await s.send('PUT', '/api/Member', { address: { state, zipCode: '10036' } });
      expect(res.statusCode, state).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ field: 'state', message: 'Please choose a state.' }] });
    }
  });

  it('needs address, city and state from a full-address partner, but not from a credit one', async () => {
    const skyline = t.app.partners.get('skyline')!.config;
    skyline.fullAddressRequired = true;
    try {
      const s = await memberSession(t.app, 'skyline', 'renewing');
      const res = await s.send('PUT', '/api/Member', { address: { zipCode: '10036' } });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { errors: Array<{ field: string }> }).errors.map((e) => e.field)).toEqual(['address1', 'city', 'state']);
    } finally {
      skyline.fullAddressRequired = false;
    }
    // metro: full address required, but a credit partner.
    const metro = await memberSession(t.app, 'metro', 'renewing');
    expect((await metro.send('PUT', '/api/Member', { address: { zipCode: '10036' } })).statusCode).toBe(200);
  });

  it('names the field of a value too long, and of a bad phone; names are required and trimmed', async () => {
    const s = await memberSession(t.app, 'greenleaf', 'renewing');
    for (const [body, field] of [
      [{ firstName: 'x'.repeat(21) }, 'firstName'],
      [{ address: { address1: 'x'.repeat(31), zipCode: '10036' } }, 'address1'],
      [{ address: { city: 'x'.repeat(21), zipCode: '10036' } }, 'city'],
      [{ address: { zipCode: '123456' } }, 'zipCode'],
      [{ phoneNumber: '112-555-0199' }, 'phoneNumber'],
      [{ firstName: '   ' }, 'firstName'],
    ] as const) {
      const res = await s.send('PUT', '/api/Member', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(body)).toContain(field);
    }
    const ok = await s.send('PUT', '/api/Member', { firstName: '  Ana  ', phoneNumber: '1 (212) 555-0142' });
    expect(ok.json()).toMatchObject({ firstName: 'Ana', phoneNumber: '2125550142' });
  });

  it('SMS v1 (greenleaf): a changed number clears the opt-in; no number, no texts', async () => {
    const s = await memberSession(t.app, 'greenleaf', 'card0');
    expect((await s.send('PUT', '/api/Member', { phoneNumber: '212-555-0142', smsOptIn: true })).json()).toMatchObject({
      smsOptIn: true,
    });
    expect((await s.send('PUT', '/api/Member', { phoneNumber: '212-555-0142' })).json()).toMatchObject({ smsOptIn: true });
    expect((await s.send('PUT', '/api/Member', { phoneNumber: '212-555-0199' })).json()).toMatchObject({ smsOptIn: false });
    expect((await s.send('PUT', '/api/Member', { smsOptIn: true })).json()).toMatchObject({ smsOptIn: true });
    expect((await s.send('PUT', '/api/Member', { phoneNumber: '' })).json()).toMatchObject({ smsOptIn: false });
    expect((await s.send('PUT', '/api/Member', { smsOptIn: true })).json()).toMatchObject({ smsOptIn: false });
  });

  it('SMS v2 (metro): a new valid number keeps the opt-in; an emptied one clears it', async () => {
    const s = await memberSession(t.app, 'metro', 'card0');
    expect((await s.send('PUT', '/api/Member', { phoneNumber: '212-555-0142', smsOptIn: true })).json()).toMatchObject({
      smsOptIn: true,
    });
    expect((await s.send('PUT', '/api/Member', { phoneNumber: '212-555-0199' })).json()).toMatchObject({ smsOptIn: true });
    expect((await s.send('PUT', '/api/Member', { phoneNumber: '' })).json()).toMatchObject({ smsOptIn: false });
  });

  it('a partner that hides email opt-in refuses a change to it, as an emailOptIn field error', async () => {
    const config = t.app.partners.get('greenleaf')!.config;
    config.hideEmailOptIn = true;
    try {
      const s = await memberSession(t.app, 'greenleaf', 'noncard');
      const res = await s.send('PUT', '/api/Member', { emailOptIn: true });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ field: 'emailOptIn' }] });
      expect((await s.get('/api/Member')).json()).toMatchObject({ emailOptIn: false, tierLevel: 0 });
    } finally {
      config.hideEmailOptIn = false;
    }
  });

  it('never changes the email; a save needs a session and the anti-forgery header', async () => {
    const s = await memberSession(t.app, 'skyline', 'renewing');
    const res = await s.send('PUT', '/api/Member', { email: 'new@skyline.example' });
    expect(res.json()).toMatchObject({ email: 'renewing@skyline.example' });
    expect((await s.get('/api/Member')).json()).toMatchObject({ email: 'renewing@skyline.example' });
    const a = await anonymous(t.app, 'skyline');
    expect((await t.app.inject({ method: 'PUT', url: '/api/Member', headers: a.headers(), payload: { firstName: 'X' } })).statusCode).toBe(
      401,
    );
    const { 'x-xsrf-token': _csrf, ...noCsrf } = s.headers();
    expect((await t.app.inject({ method: 'PUT', url: '/api/Member', headers: noCsrf, payload: { firstName: 'X' } })).statusCode).toBe(403);
  });
});
