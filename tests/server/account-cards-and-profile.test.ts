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
