import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlexOffer } from '#shared/generated/types.ts';
import { validateApiFlexOffer } from '#shared/generated/validators.js';
import { createTestApp, host, type TestApp } from './helpers.ts';
import { session, signIn } from './auth-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = (merchantId: string, publicId: string) => `/api/merchants/${merchantId}/flex-offers/members/${publicId}`;
const ids = Array.from({ length: 30 }, (_, i) => String(10001 + i));

describe('GET /api/merchants/{merchantId}/flex-offers/members/{publicId}', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('10001', 'skyline-card-0'), headers: host('skyline') });
    expect(res.statusCode).toBe(401);
  });

  it("answers the member's own offers on a flex-offer partner: some merchants have one, stable between calls", async () => {
    const s = await session(t.app, 'skyline', '10.8.0.1');
    expect((await signIn(t.app, s, 'card0@skyline.example')).statusCode).toBe(200);
    const get = (id: string) => t.app.inject({ method: 'GET', url: url(id, 'skyline-card-0'), headers: s.headers() });
    const answers = await Promise.all(ids.map(get));
    const offers = answers.filter((r) => r.statusCode === 200).map((r) => r.json() as FlexOffer);
    // "No offer here" is an answer (204, no body), never an error status.
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 204)).toBe(true);
    expect(answers.filter((r) => r.statusCode === 204).every((r) => r.body === '')).toBe(true);
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.length).toBeLessThan(ids.length);
    for (const offer of offers) expect(validateApiFlexOffer(offer)).toBe(true);
    const again = await Promise.all(ids.map(get));
    expect(again.map((r) => r.statusCode)).toEqual(answers.map((r) => r.statusCode));
    const unknown = await get('no-such-merchant');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^merchantId/);
  });

  it("refuses another member's public id", async () => {
    const s = await session(t.app, 'skyline', '10.8.0.2');
    expect((await signIn(t.app, s, 'card2@skyline.example')).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: url('10001', 'skyline-card-0'), headers: s.headers() });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/publicId/);
  });

  it('has none on partners without flex offers', async () => {
    const s = await session(t.app, 'greenleaf', '10.8.0.3');
    expect((await signIn(t.app, s, 'card0@greenleaf.example')).statusCode).toBe(200);
    const answers = await Promise.all(
      ids.map((id) => t.app.inject({ method: 'GET', url: url(id, 'greenleaf-card-0'), headers: s.headers() })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(ids.map(() => 404));
  });
});
