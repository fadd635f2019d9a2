// The review survey on the providers origin (spec 001 §7 "the review link opens an external survey
// form with parameters ..."): the form names the visit; a sent review is what GET
// /api/reviews/status then reports as completed; a missing rating is a 400 that keeps the form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './helpers.ts';
import { providersFor } from './auth-helpers.ts';
import { memberSession, type MemberSession } from './account-helpers.ts';

let t: TestApp;
let providers: FastifyInstance;
let skyline: MemberSession;
beforeAll(async () => {
  t = await createTestApp();
  providers = await providersFor(t);
  skyline = await memberSession(t.app, 'skyline', 'card0');
}, 240_000);
afterAll(async () => {
  await providers.close();
  await t.close();
});

const query = new URLSearchParams({
  date: '2026-01-02',
  merchantId: 'm-1',
  transactionId: 'skyline-card0-001',
  familyId: 'skyline-card-0',
  merchantName: 'Blue <Fin>',
  type: 'settle',
}).toString();

describe('GET and POST /review/:formCode', () => {
  it('shows a form for the visit, its values escaped', async () => {
    const res = await providers.inject({ method: 'GET', url: `/review/skyline-dining-2026?${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Review Blue &#60;Fin&#62;');
    expect(res.body).toContain('name="transactionId" value="skyline-card0-001"');
    // The visit's date as members read dates, not the query's ISO form.
    expect(res.body).toContain('Your visit on Fri, Jan 2, 2026.');
    expect(res.body).not.toContain('2026-01-02.');
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it('a bad form code is a 400', async () => {
    const res = await providers.inject({ method: 'GET', url: `/review/${'x'.repeat(61)}?${query}` });
    expect(res.statusCode).toBe(400);
  });

  it('without a rating answers 400 with the form again; with one, the review counts as completed', async () => {
    const status = async () =>
      (await skyline.get('/api/reviews/status?txnId=skyline-card0-001')).json() as Array<{ id: string; completed: boolean }>;
    expect(await status()).toEqual([{ id: 'skyline-card0-001', completed: false }]);
    const form = (extra: string) => ({
      method: 'POST' as const,
      url: '/review/skyline-dining-2026',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${query}${extra}`,
    });
    const missing = await providers.inject(form(''));
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Please choose a rating.');
    const sent = await providers.inject(form('&rating=5&comment=Lovely'));
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Thank you!');
    expect(await status()).toEqual([{ id: 'skyline-card0-001', completed: true }]);
    // Sending again changes nothing.
    expect((await providers.inject(form('&rating=4'))).statusCode).toBe(200);
  });
});
