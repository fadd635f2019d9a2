import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantDetail, MerchantReviews } from '#shared/generated/types.ts';
import { validateApiMerchantDetail, validateApiMerchantReviews } from '#shared/generated/validators.js';
import { generateMerchants } from '#server/seed/merchants.ts';
import { generateMerchantDetail } from '#server/seed/merchant-details.ts';
import { createTestApp, host, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, partner = 'skyline') => t.app.inject({ method: 'GET', url, headers: host(partner) });

async function detail(id: string, query = ''): Promise<MerchantDetail> {
  const res = await get(`/api/v2/Merchants/${id}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as MerchantDetail;
  expect(validateApiMerchantDetail(body), JSON.stringify(validateApiMerchantDetail.errors)).toBe(true);
  return body;
}

const ids = generateMerchants().map((m) => m.id);
const sample = ids.filter((_, i) => i % 7 === 0);

describe('GET /api/v2/Merchants/{merchantId}', () => {
  it('answers the card fields plus the detail for a seeded merchant, in the schema', async () => {
    const body = await detail('10001');
    expect(body.merchant.id).toBe('10001');
    expect(body.merchant.name.length).toBeGreaterThan(0);
    expect(body.merchant.distance).toBeNull();
    expect(body.description.length).toBeGreaterThan(20);
    expect(body.images.logo).toBe('/media/merchants/10001/logo.svg');
    expect(body.offers.tiers.map((tier) => tier.tier)).toEqual([0, 2, 3]);
    expect(body.offers.tiers.map((tier) => tier.earnRate)).toEqual([0.5, 3, 5]);
  });

  it('404s for an unknown id and 400s for a bad location, naming it', async () => {
    const missing = await get('/api/v2/Merchants/nope-404');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404 });
    const bad = await get('/api/v2/Merchants/10001?location=999,999');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/location/);
  });

  it('gives the distance in miles when a location is given', async () => {
    const body = await detail('10001', '?location=40.7577,-73.9857');
    expect(body.merchant.distance).toEqual(expect.any(Number));
    expect(body.merchant.distance).toBeGreaterThanOrEqual(0);
    expect(body.merchant.distance).toBeLessThan(30);
  });

  it('is deterministic: the seed generator and the API agree', async () => {
    const body = await detail('10042');
    const merchant = generateMerchants().find((m) => m.id === '10042');
    if (!merchant) throw new Error('seed merchant 10042 missing');
    const seeded = generateMerchantDetail(merchant);
    expect(body.phone).toBe(seeded.phone);
    expect(body.website).toBe(seeded.website);
    expect(body.hours).toEqual(seeded.hours);
    expect(body.menu).toEqual(seeded.menu);
    expect(body.ordering).toEqual(seeded.ordering);
    expect(body.reviews.totalResultSize).toBe(seeded.reviews.length);
  });

  it('varies across merchants: every section is present for some and absent for others', async () => {
    const bodies = await Promise.all(sample.map((id) => detail(id)));
    const has = (pick: (b: MerchantDetail) => boolean) => {
      const n = bodies.filter(pick).length;
      return n > 0 && n < bodies.length;
    };
    expect(has((b) => b.phone !== null)).toBe(true);
    expect(has((b) => b.website !== null)).toBe(true);
    expect(has((b) => b.hours !== null)).toBe(true);
    expect(has((b) => b.images.hero !== null)).toBe(true);
    expect(has((b) => b.menu?.images !== undefined)).toBe(true);
    expect(has((b) => b.menu?.url !== undefined)).toBe(true);
    expect(has((b) => b.menu === null)).toBe(true);
    expect(has((b) => b.events.length > 0)).toBe(true);
    expect(has((b) => b.ordering !== null)).toBe(true);
    expect(has((b) => b.ordering?.internal === true)).toBe(true);
    expect(has((b) => b.reservation !== null)).toBe(true);
    expect(has((b) => b.reviews.data.length > 0)).toBe(true);
    expect(has((b) => b.offers.offerType === 'Limited')).toBe(true);
  });

  it('keeps offer terms consistent: Limited offers cap spend and visits, Unlimited ones do not', async () => {
    const bodies = await Promise.all(sample.map((id) => detail(id)));
    for (const b of bodies) {
      if (b.offers.offerType === 'Limited') {
        expect(b.offers.maxSpendPerMonth).toBeGreaterThan(0);
        expect(b.offers.maxVisitsPerMonth).toBeGreaterThan(0);
      } else {
        expect(b.offers.maxSpendPerMonth).toBeNull();
        expect(b.offers.maxVisitsPerMonth).toBeNull();
      }
      expect(b.merchant.benefitAvailability.offerType).toBe(b.offers.offerType);
      if (b.reservation) {
        expect(b.reservation.restaurantId).toBe(b.merchant.reservationProviders.openTable?.restaurantId);
        expect(b.reservation.maxPartySize).toBeGreaterThan(b.reservation.minPartySize);
      } else {
        expect(b.merchant.reservationProviders.openTable ?? null).toBeNull();
      }
    }
  });

  it('summarises ratings: the distribution sums to the number of ratings and centres on the rating', async () => {
    const bodies = await Promise.all(sample.slice(0, 30).map((id) => detail(id)));
    for (const b of bodies) {
      const { distribution, numberOfRatings, overallRating } = b.reviews;
      expect(distribution.map((d) => d.stars)).toEqual([5, 4, 3, 2, 1]);
      expect(distribution.reduce((sum, d) => sum + d.count, 0)).toBe(numberOfRatings);
      expect(numberOfRatings).toBe(b.merchant.details.rating.numberOfRatings);
      expect(overallRating).toBe(b.merchant.details.rating.overallRating);
      if (numberOfRatings >= 20) {
        const mean = distribution.reduce((sum, d) => sum + d.stars * d.count, 0) / numberOfRatings;
        expect(Math.abs(mean - overallRating)).toBeLessThan(0.8);
      }
    }
  });
});

describe('GET /api/v2/Merchants/{merchantId}/Reviews', () => {
  async function reviewed(): Promise<{ id: string; total: number }> {
    for (const id of sample) {
      const b = await detail(id);
      if (b.reviews.totalResultSize > 8) return { id, total: b.reviews.totalResultSize };
    }
    throw new Error('no merchant with more than 8 reviews in the sample');
  }

  it('pages the written reviews, newest first, with no overlap between pages', async () => {
    const { id, total } = await reviewed();
    const pages: MerchantReviews[] = [];
    for (let pageNo = 1; pageNo <= Math.ceil(total / 5); pageNo++) {
      const res = await get(`/api/v2/Merchants/${id}/Reviews?pageNo=${pageNo}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as MerchantReviews;
      expect(validateApiMerchantReviews(page), JSON.stringify(validateApiMerchantReviews.errors)).toBe(true);
      expect(page.totalPages).toBe(Math.ceil(total / 5));
      pages.push(page);
    }
    const all = pages.flatMap((p) => p.data);
    expect(all).toHaveLength(total);
    expect(new Set(all.map((r) => r.id)).size).toBe(total);
    const dates = all.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = await detail(id);
    expect(first.reviews.data).toEqual(pages[0]?.data);
  });

  it('rejects a bad page number naming it, and 404s an unknown merchant', async () => {
    const bad = await get('/api/v2/Merchants/10001/Reviews?pageNo=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/pageNo/);
    expect((await get('/api/v2/Merchants/nope/Reviews')).statusCode).toBe(404);
  });
});
