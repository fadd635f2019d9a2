// Recent activity (spec 001 §2 "Recent activity", §3, §7): the paged transaction and statement
// credit lists, the dine summary, the credit balance and review status, as the README's demo
// members see them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage, DineSummary, Transaction, TransactionsPage } from '#shared/generated/types.ts';
import {
  validateApiActivityPage,
  validateApiCreditBalance,
  validateApiDineSummary,
  validateApiReviewStatuses,
  validateApiTransactionsPage,
} from '#shared/generated/validators.js';
import { clockFor } from '#server/auth/clock.ts';
import { createTestApp, host, type TestApp } from './helpers.ts';
import { anonymous, memberSession, type MemberSession } from './account-helpers.ts';

let t: TestApp;
let skyline: MemberSession;
let metro: MemberSession;
beforeAll(async () => {
  t = await createTestApp();
  skyline = await memberSession(t.app, 'skyline', 'card2');
  metro = await memberSession(t.app, 'metro', 'card2');
  // A seeded database plus two scrypt sign-ins: slow on a loaded machine.
}, 240_000);
afterAll(() => t.close());

const DAY_MS = 86_400_000;

async function allTransactions(s: MemberSession): Promise<Transaction[]> {
  const res = await s.get('/api/Member/Transactions?resultsPerPage=100');
  return (res.json() as TransactionsPage).data;
}

describe('every account read needs a session', () => {
  it.each([
    ['skyline', '/api/Member/Transactions'],
    ['skyline', '/api/Member/DineSummary'],
    ['skyline', '/api/reviews/status?txnId=skyline-card2-001'],
    ['metro', '/api/Member/TransactionsStatementCredits'],
    ['metro', '/api/Member/StatementCreditBalance'],
  ])('%s %s answers 401 signed out', async (partner, url) => {
    const a = await anonymous(t.app, partner);
    const res = await t.app.inject({ method: 'GET', url, headers: a.headers() });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a session of another partner does not count', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Member/Transactions',
      headers: { ...skyline.headers(), ...host('greenleaf') },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['GET', '/api/Member/Transactions'],
    ['GET', '/api/Member/TransactionsStatementCredits'],
    ['GET', '/api/Member/StatementCreditBalance'],
    ['GET', '/api/Member/DineSummary'],
    ['GET', '/api/reviews/status?txnId=x'],
    ['GET', '/api/Members/Validate/Zip?zip=10036'],
    ['POST', '/api/Member/Bonus/dine-3-times'],
    ['DELETE', '/api/Member/Cards?id=1'],
  ] as const)('a partner without enrolment (openplate) has no %s %s', async (method, url) => {
    const a = await anonymous(t.app, 'openplate');
    const res = await t.app.inject({ method, url, headers: a.headers() });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/Member/Transactions', () => {
  it('pages the last 12 months newest first, 10 a page from page 1', async () => {
    const res = await skyline.get('/api/Member/Transactions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json() as TransactionsPage;
    expect(validateApiTransactionsPage(page), JSON.stringify(validateApiTransactionsPage.errors)).toBe(true);
    expect(page).toMatchObject({ totalResultSize: 23, totalPages: 3 });
    expect(page.data).toHaveLength(10);
    const dates = page.data.map((d) => Date.parse(d.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const last = (await skyline.get('/api/Member/Transactions?pageNo=3&resultsPerPage=10')).json() as TransactionsPage;
    expect(last.data).toHaveLength(3);
    for (const d of last.data) expect(Date.now() - Date.parse(d.date)).toBeLessThan(365 * DAY_MS);
  });

  it('a page past the end is an empty page with the same totals', async () => {
    const page = (await skyline.get('/api/Member/Transactions?pageNo=4')).json() as TransactionsPage;
    expect(page).toEqual({ data: [], totalResultSize: 23, totalPages: 3 });
  });

  it('resultsPerPage sets the page size', async () => {
    const page = (await skyline.get('/api/Member/Transactions?pageNo=2&resultsPerPage=5')).json() as TransactionsPage;
    expect(page.totalPages).toBe(5);
    expect(page.data).toHaveLength(5);
    const first = (await skyline.get('/api/Member/Transactions')).json() as TransactionsPage;
    expect(page.data.map((d) => d.sourceTransactionId)).toEqual(first.data.slice(5, 10).map((d) => d.sourceTransactionId));
  });

  it('paging edges: a page size that divides the total exactly, the largest page size, the last allowed page', async () => {
    const exact = (await skyline.get('/api/Member/Transactions?resultsPerPage=23')).json() as TransactionsPage;
    expect(exact).toMatchObject({ totalResultSize: 23, totalPages: 1 });
    expect(exact.data).toHaveLength(23);
    expect((await skyline.get('/api/Member/Transactions?pageNo=2&resultsPerPage=23')).json()).toEqual({
      data: [],
      totalResultSize: 23,
      totalPages: 1,
    });
    expect(((await skyline.get('/api/Member/Transactions?resultsPerPage=100')).json() as TransactionsPage).data).toHaveLength(23);
    const far = await skyline.get('/api/Member/Transactions?pageNo=10000');
    expect(far.statusCode).toBe(200);
    expect(far.json()).toEqual({ data: [], totalResultSize: 23, totalPages: 3 });
  });

  it.each([
    ['pageNo=10001', 'pageNo'],
    ['pageNo=0', 'pageNo'],
    ['pageNo=-1', 'pageNo'],
    ['pageNo=two', 'pageNo'],
    ['pageNo=1.5', 'pageNo'],
    ['resultsPerPage=0', 'resultsPerPage'],
    ['resultsPerPage=101', 'resultsPerPage'],
  ])('?%s is a 400 naming %s', async (query, field) => {
    const res = await skyline.get(`/api/Member/Transactions?${query}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });

  it('shows every award status and source code, with dines, cards and paid dates where they apply', async () => {
    const all = await allTransactions(skyline);
    expect(new Set(all.map((d) => d.transactionStatus))).toEqual(new Set(['Pending', 'Paid', 'Forfeit', 'Deferred', 'Awarded']));
    expect(new Set(all.map((d) => d.transactionTypeCode))).toEqual(new Set(['M', 'J', '+', 'A', 'B', 'S']));
    for (const d of all) {
      if (d.transactionStatus === 'Paid') expect(d.paidAt).toBeDefined();
      if (d.transactionTypeCode === 'S') expect(d.dineAmount).toBeGreaterThan(0);
      if (d.transactionTypeCode === 'B') expect(d.dineAmount).toBeUndefined();
    }
    const pendingAges = all.filter((d) => d.transactionStatus === 'Pending').map((d) => (Date.now() - Date.parse(d.date)) / DAY_MS);
    expect(pendingAges.some((days) => days > 35)).toBe(true);
    expect(pendingAges.some((days) => days < 10)).toBe(true);
    // Tier-2 miles: three per dollar.
    const dine = all.find((d) => d.transactionTypeCode === 'S')!;
    expect(dine.benefitAmount).toBe(Math.round(dine.dineAmount! * 3));
  });

  it('a merchant that has left the programme reads as inactive', async () => {
    const all = await allTransactions(skyline);
    const gone = all.filter((d) => !d.activeMerchant);
    expect(gone.map((d) => d.merchantName)).toEqual(['The Old Corner Bistro']);
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/Merchants/${all.find((d) => d.activeMerchant)!.merchantId}` });
    expect(res.statusCode).toBe(200);
  });

  it('a member with no activity gets an empty first page', async () => {
    const noncard = await memberSession(t.app, 'skyline', 'noncard');
    expect((await noncard.get('/api/Member/Transactions')).json()).toEqual({ data: [], totalResultSize: 0, totalPages: 0 });
  });

  it('answers only the signed-in member’s transactions', async () => {
    const card0 = await memberSession(t.app, 'skyline', 'card0');
    const ids = (await allTransactions(card0)).map((d) => d.sourceTransactionId);
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(id).toMatch(/^skyline-card0-/);
  });
});

describe('GET /api/Member/TransactionsStatementCredits (credit partner)', () => {
  it('lists transactions and statement credits together, tagged, newest first', async () => {
    const res = await metro.get('/api/Member/TransactionsStatementCredits');
    expect(res.statusCode).toBe(200);
    const page = res.json() as ActivityPage;
    expect(validateApiActivityPage(page), JSON.stringify(validateApiActivityPage.errors)).toBe(true);
    expect(page).toMatchObject({ totalResultSize: 28, totalPages: 3 });
    expect(page.data).toHaveLength(10);
    const all = ((await metro.get('/api/Member/TransactionsStatementCredits?pageNo=1&resultsPerPage=100')).json() as ActivityPage).data;
    const dates = all.map((e) => Date.parse(e.type === 'credit' ? e.credit.date : e.transaction.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const credits = all.flatMap((e) => (e.type === 'credit' ? [e.credit] : []));
    expect(new Set(credits.map((c) => c.status))).toEqual(new Set(['pending', 'pending_received', 'completed', 'rejected', 'error']));
    expect(credits[0]).toMatchObject({
      creditAmountCents: 2000,
      targetType: 'card',
      targetLabel: expect.stringMatching(/ending in \d{4}$/),
    });
    // Statement credits: dollars per dine.
    expect(all.find((e) => e.type === 'transaction' && e.transaction.transactionTypeCode === 'S')).toMatchObject({
      transaction: { benefitAmount: 5 },
    });
  });

  it('a page past the end is empty; bad paging is a 400 naming the parameter', async () => {
    expect((await metro.get('/api/Member/TransactionsStatementCredits?pageNo=9')).json()).toEqual({
      data: [],
      totalResultSize: 28,
      totalPages: 3,
    });
    for (const [query, field] of [
      ['resultsPerPage=abc', 'resultsPerPage'],
      ['resultsPerPage=0', 'resultsPerPage'],
      ['resultsPerPage=101', 'resultsPerPage'],
      ['pageNo=0', 'pageNo'],
      ['pageNo=-2', 'pageNo'],
      ['pageNo=10001', 'pageNo'],
    ]) {
      const bad = await metro.get(`/api/Member/TransactionsStatementCredits?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(JSON.stringify(bad.json()), query).toContain(field);
    }
  });

  it('pages the mixed list without gaps or repeats: a page size dividing the total, then the pages joined', async () => {
    const first = (await metro.get('/api/Member/TransactionsStatementCredits?resultsPerPage=14')).json() as ActivityPage;
    const second = (await metro.get('/api/Member/TransactionsStatementCredits?pageNo=2&resultsPerPage=14')).json() as ActivityPage;
    expect(first).toMatchObject({ totalResultSize: 28, totalPages: 2 });
    expect(second.data).toHaveLength(14);
    const key = (e: ActivityPage['data'][number]) => (e.type === 'credit' ? e.credit.creditId : e.transaction.sourceTransactionId);
    const all = ((await metro.get('/api/Member/TransactionsStatementCredits?resultsPerPage=100')).json() as ActivityPage).data;
    expect([...first.data, ...second.data].map(key)).toEqual(all.map(key));
    expect(new Set(all.map(key)).size).toBe(28);
  });

  it('does not exist for partners without statement credits', async () => {
    expect((await skyline.get('/api/Member/TransactionsStatementCredits')).statusCode).toBe(404);
    expect((await skyline.get('/api/Member/StatementCreditBalance')).statusCode).toBe(404);
  });
});

describe('GET /api/Member/StatementCreditBalance', () => {
  it('is the dollars awarded and not yet paid out', async () => {
    const res = await metro.get('/api/Member/StatementCreditBalance');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { memberBalance: number };
    expect(validateApiCreditBalance(body)).toBe(true);
    const awarded = (await allTransactions(metro)).filter((d) => d.transactionStatus === 'Awarded');
    expect(body.memberBalance).toBeCloseTo(
      awarded.reduce((sum, d) => sum + d.benefitAmount, 0),
      2,
    );
    expect(body.memberBalance).toBe(16.5);
  });
});

describe('GET /api/Member/DineSummary', () => {
  it.each([
    ['skyline', () => skyline],
    ['metro', () => metro],
  ])('%s: this year’s awarded and paid benefits and dines', async (_partner, who) => {
    const s = who();
    const res = await s.get('/api/Member/DineSummary');
    expect(res.statusCode).toBe(200);
    const summary = res.json() as DineSummary;
    expect(validateApiDineSummary(summary)).toBe(true);
    const yearStart = Date.UTC(new Date().getUTCFullYear(), 0, 1);
    const thisYear = (await allTransactions(s)).filter((d) => Date.parse(d.date) >= yearStart);
    const benefits = thisYear.filter((d) => d.transactionStatus === 'Awarded' || d.transactionStatus === 'Paid');
    expect(summary.currentYearBenefits).toBeCloseTo(
      benefits.reduce((sum, d) => sum + d.benefitAmount, 0),
      2,
    );
    expect(summary.currentYearDines).toBe(
      thisYear.filter((d) => ['S', 'M'].includes(d.transactionTypeCode) && d.transactionStatus !== 'Forfeit').length,
    );
  });

  it('is zero for a member who has not dined', async () => {
    const noncard = await memberSession(t.app, 'greenleaf', 'noncard');
    expect((await noncard.get('/api/Member/DineSummary')).json()).toEqual({ currentYearBenefits: 0, currentYearDines: 0 });
  });
});

describe('GET /api/reviews/status', () => {
  it('answers {id, completed} per asked id, in order; other members’ and unknown ids read as not completed', async () => {
    const ids = ['skyline-card2-003', 'skyline-card2-001', 'skyline-card2-005', 'skyline-vip-002', 'nope'];
    const res = await skyline.get(`/api/reviews/status?${ids.map((id) => `txnId=${id}`).join('&')}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ id: string; completed: boolean }>;
    expect(validateApiReviewStatuses(body)).toBe(true);
    expect(body).toEqual([
      { id: 'skyline-card2-003', completed: true },
      { id: 'skyline-card2-001', completed: false },
      { id: 'skyline-card2-005', completed: true },
      { id: 'skyline-vip-002', completed: false },
      { id: 'nope', completed: false },
    ]);
  });

  it('takes a single txnId', async () => {
    expect((await skyline.get('/api/reviews/status?txnId=skyline-card2-003')).json()).toEqual([
      { id: 'skyline-card2-003', completed: true },
    ]);
  });

  it('without txnId, or with too many, is a 400 naming txnId', async () => {
    for (const query of ['', `?${Array.from({ length: 101 }, (_, i) => `txnId=t${i}`).join('&')}`]) {
      const res = await skyline.get(`/api/reviews/status${query}`);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('txnId');
    }
  });
});

describe('the year and the 12 months follow the clock (any day the tests run, New Year included)', () => {
  it('just after New Year: nothing earned this year yet, and the list keeps only the last 12 months', async () => {
    const before = await allTransactions(skyline);
    const clock = clockFor(t.app);
    const newYear = Date.UTC(new Date().getUTCFullYear() + 1, 0, 1, 0, 30);
    clock.advance(newYear - Date.now());
    try {
      expect((await skyline.get('/api/Member/DineSummary')).json()).toEqual({ currentYearBenefits: 0, currentYearDines: 0 });
      expect(((await skyline.get('/api/Member')).json() as { diningProgress: { ytdMilesOrDollars: number } }).diningProgress).toMatchObject(
        {
          ytdMilesOrDollars: 0,
        },
      );
      const now = clock.now().getTime();
      const within = before.filter((d) => now - Date.parse(d.date) < 365 * DAY_MS);
      const page = (await skyline.get('/api/Member/Transactions?resultsPerPage=100')).json() as TransactionsPage;
      expect(page.totalResultSize).toBe(within.length);
      expect(page.data.map((d) => d.sourceTransactionId)).toEqual(within.map((d) => d.sourceTransactionId));
    } finally {
      clock.reset();
    }
  });
});
