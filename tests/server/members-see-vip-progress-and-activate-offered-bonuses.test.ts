// The account overview's data (spec 001 §2 "Account overview", §3 Member.diningProgress,
// activeBonuses, Bonus, §4 bonus): VIP progress in each state and bonus activation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bonus, DineSummary, Member } from '#shared/generated/types.ts';
import { validateApiMember } from '#shared/generated/validators.js';
import { createTestApp, host, type TestApp } from './helpers.ts';
import { anonymous, memberSession, type MemberSession } from './account-helpers.ts';

let t: TestApp;
let card2: MemberSession;
beforeAll(async () => {
  t = await createTestApp();
  card2 = await memberSession(t.app, 'skyline', 'card2');
  // A seeded database plus a scrypt sign-in: slow on a loaded machine.
}, 240_000);
afterAll(() => t.close());

const me = async (s: MemberSession) => (await s.get('/api/Member')).json() as Member;
const bonus = (m: Member, code: string): Bonus | undefined => m.activeBonuses?.find((b) => b.code === code);

describe('GET /api/Member: dining progress', () => {
  it('a building member sees how many dines and dollars are left to VIP, and rewards this year', async () => {
    const res = await card2.get('/api/Member');
    expect(res.statusCode).toBe(200);
    const member = res.json() as Member;
    expect(validateApiMember(member), JSON.stringify(validateApiMember.errors)).toBe(true);
    expect(member.diningProgress).toMatchObject({
      status: 'Building',
      remainingDines: 3,
      dinesRequired: 11,
      remainingDollars: 652.65,
      dollarsRequired: 2500,
    });
    const summary = (await card2.get('/api/Member/DineSummary')).json() as DineSummary;
    expect(member.diningProgress!.ytdMilesOrDollars).toBe(summary.currentYearBenefits);
  });

  it.each([
    ['vip', 'Qualified', 0],
    ['renewing', 'QualifiedAndBuilding', 7],
    ['card0', 'Building', 10],
    // No progress on record: building from zero.
    ['noncard', 'Building', 11],
  ])('%s is %s with %i dines to go', async (key, status, remainingDines) => {
    const member = await me(await memberSession(t.app, 'metro', key));
    expect(member.diningProgress).toMatchObject({ status, remainingDines, dinesRequired: 11 });
  });
});

describe('GET /api/Member: bonuses', () => {
  it('lists the bonuses offered in every status, with the new-member flags', async () => {
    const member = await me(card2);
    expect(new Set(member.activeBonuses!.map((b) => b.bonusStatus))).toEqual(new Set(['Eligible', 'Enrolled', 'Qualified']));
    expect(bonus(member, 'welcome-bonus')).toMatchObject({
      bonusStatus: 'Qualified',
      isNewMemberBonus: true,
      memberIsEligibleForNMB: false,
    });
    expect(bonus(member, 'dine-3-times')!.description).toBe('Dine 3 times this month and earn 500 bonus miles.');
    // Offered 60 days ago: older than its banner's days_to_display.
    expect(Date.now() - Date.parse(bonus(member, 'spring-dining')!.createDateUtc)).toBeGreaterThan(59 * 86_400_000);

    const card0 = await me(await memberSession(t.app, 'greenleaf', 'card0'));
    expect(bonus(card0, 'welcome-bonus')).toMatchObject({ bonusStatus: 'Eligible', isNewMemberBonus: true, memberIsEligibleForNMB: true });
    expect(bonus(card0, 'dine-3-times')!.description).toBe('Dine 3 times this month and earn $5 bonus cash back.');
    // A credit partner's bonuses are dollars of statement credit, not "500 bonus statement credits".
    const metro = await me(await memberSession(t.app, 'metro', 'card0'));
    expect(bonus(metro, 'welcome-bonus')!.description).toBe(
      'Earn a $10 bonus statement credit on your first dine within 30 days of joining.',
    );
  });

  it('every bonus has its banner content in the CMS home group, keyed by code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cms/pages/home/?page_size=100', headers: host('metro') });
    const banners = (res.json() as { data: Array<{ slug: string; fields: Record<string, unknown> }> }).data.filter(
      (e) => e.fields.category === 'bonus',
    );
    const codes = (await me(card2)).activeBonuses!.map((b) => b.code);
    for (const code of codes) expect(banners.map((b) => b.slug)).toContain(code);
    expect(banners.find((b) => b.slug === 'app-order')!.fields).toMatchObject({ app_only_bonus: true, app_text: expect.any(String) });
    expect(banners.find((b) => b.slug === 'spring-dining')!.fields).toMatchObject({ days_to_display: 30 });
  });

  it('a member offered nothing has an empty list', async () => {
    expect((await me(await memberSession(t.app, 'skyline', 'noncard'))).activeBonuses).toEqual([]);
  });
});

describe('POST /api/Member/Bonus/{code}', () => {
  it('activates an eligible bonus: it answers Enrolled and stays Enrolled', async () => {
    const res = await card2.send('POST', '/api/Member/Bonus/dine-3-times');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ code: 'dine-3-times', bonusStatus: 'Enrolled' });
    expect(bonus(await me(card2), 'dine-3-times')!.bonusStatus).toBe('Enrolled');
    // A second click (or another tab) changes nothing.
    expect((await card2.send('POST', '/api/Member/Bonus/dine-3-times')).json()).toMatchObject({ bonusStatus: 'Enrolled' });
  });

  it('leaves a qualified bonus qualified', async () => {
    const res = await card2.send('POST', '/api/Member/Bonus/welcome-bonus');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bonusStatus: 'Qualified' });
  });

  it('a bonus not offered to the member is a 404, and another member’s is untouched', async () => {
    const vip = await memberSession(t.app, 'skyline', 'vip');
    expect((await vip.send('POST', '/api/Member/Bonus/app-order')).statusCode).toBe(404);
    expect((await vip.send('POST', '/api/Member/Bonus/NOSUCHBONUS')).statusCode).toBe(404);
    expect(bonus(await me(card2), 'app-order')!.bonusStatus).toBe('Eligible');
  });

  it('a malformed code is a 400 naming code', async () => {
    const res = await card2.send('POST', `/api/Member/Bonus/${encodeURIComponent('no such bonus!')}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('code');
  });

  it('needs a session and the anti-forgery header', async () => {
    const a = await anonymous(t.app, 'skyline');
    expect((await t.app.inject({ method: 'POST', url: '/api/Member/Bonus/dine-3-times', headers: a.headers() })).statusCode).toBe(401);
    const { 'x-xsrf-token': _csrf, ...noCsrf } = card2.headers();
    expect((await t.app.inject({ method: 'POST', url: '/api/Member/Bonus/app-order', headers: noCsrf })).statusCode).toBe(403);
    expect(bonus(await me(card2), 'app-order')!.bonusStatus).toBe('Eligible');
  });
});
