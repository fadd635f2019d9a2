import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant, MerchantSearchResponse } from '#shared/generated/types.ts';
import { validateApiMerchant, validateApiMerchantSearchResponse } from '#shared/generated/validators.js';
import { milesBetween } from '#server/seed/merchants.ts';
import { createTestApp, host, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SEARCH = '/api/v2/Merchants/Search';
const ORIGIN = { lat: 40.7577, lng: -73.9857 };

async function get(query: Record<string, string> | string, partner = 'skyline') {
  const qs = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  return t.app.inject({ method: 'GET', url: qs ? `${SEARCH}?${qs}` : SEARCH, headers: host(partner) });
}

async function search(query: Record<string, string> | string = {}, partner = 'skyline'): Promise<MerchantSearchResponse> {
  const res = await get(query, partner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MerchantSearchResponse;
}

/** Every page of a search (for filters: each result must match, not just the first page). */
async function all(query: Record<string, string>): Promise<Merchant[]> {
  const first = await search({ ...query, pageSize: '100' });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => search({ ...query, pageSize: '100', pageNo: String(i + 2) })),
  );
  const merchants = [first, ...rest].flatMap((page) => page.merchants);
  expect(merchants).toHaveLength(first.totalResultSize);
  return merchants;
}

const ids = (merchants: Merchant[]) => merchants.map((m) => m.id);

describe('GET /api/v2/Merchants/Search: location, paging, sorting', () => {
  it('defaults to the spec location, 15 per page, nearest first', async () => {
    const body = await search();
    expect(body.origin).toMatchObject({ latitude: 40.7577, longitude: -73.9857 });
    expect(body.pageNo).toBe(1);
    expect(body.pageSize).toBe(15);
    expect(body.merchants).toHaveLength(15);
    expect(body.totalResultSize).toBeGreaterThanOrEqual(320);
    expect(body.totalPages).toBe(Math.ceil(body.totalResultSize / 15));
    const distances = body.merchants.map((m) => m.distance as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(0.5);
  });

  it('answers in the API shape: the schema, image base URL, distance in miles rounded to 0.1 from the origin', async () => {
    const body = await search({ pageSize: '40' });
    expect(validateApiMerchantSearchResponse(body), JSON.stringify(validateApiMerchantSearchResponse.errors)).toBe(true);
    for (const m of body.merchants) {
      expect(validateApiMerchant(m), JSON.stringify(validateApiMerchant.errors)).toBe(true);
      expect(m.images.imageBaseUrl).toBe(`/media/merchants/${m.id}/`);
      expect(m.origin).toEqual({ latitude: 40.7577, longitude: -73.9857 });
      const distance = m.distance as number;
      expect(Math.round(distance * 10)).toBeCloseTo(distance * 10, 9);
      expect(Math.abs(distance - milesBetween(ORIGIN, { lat: m.location.latitude, lng: m.location.longitude }))).toBeLessThanOrEqual(0.051);
      expect(m.details.cuisines.length).toBeGreaterThanOrEqual(1);
      expect(m.details.cuisines.length).toBeLessThanOrEqual(3);
      expect(m.details.rating.overallRating).toBeGreaterThanOrEqual(2.5);
      expect(m.details.rating.overallRating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(m.details.rating.numberOfRatings)).toBe(true);
      expect(m.location.address.city).toMatch(/^(New York|Brooklyn|Long Island City|Astoria)$/);
      expect(typeof m.location.neighborhood).toBe('string');
    }
  });

  it('pages through results without repeats and reports the total past the last page', async () => {
    const one = await search({ pageNo: '1' });
    const two = await search({ pageNo: '2' });
    expect(two.merchants).toHaveLength(15);
    expect(ids(two.merchants).some((id) => ids(one.merchants).includes(id))).toBe(false);
    expect(two.merchants[0]!.distance!).toBeGreaterThanOrEqual(one.merchants.at(-1)!.distance!);
    const last = await search({ pageNo: String(one.totalPages) });
    expect(last.merchants.length).toBe(one.totalResultSize - 15 * (one.totalPages - 1));
    const past = await search({ pageNo: String(one.totalPages + 1) });
    expect(past.merchants).toEqual([]);
    expect(past.totalResultSize).toBe(one.totalResultSize);
    const small = await search({ pageSize: '5', pageNo: '3' });
    expect(ids(small.merchants)).toEqual(ids(one.merchants).slice(10, 15));
  });

  it('keeps to the radius (distance, in miles)', async () => {
    const everything = await search();
    const near = await all({ distance: '1' });
    expect(near.length).toBeGreaterThan(10);
    expect(near.length).toBeLessThan(everything.totalResultSize);
    expect(near.every((m) => (m.distance as number) <= 1)).toBe(true);
    // From Times Square, 500 miles (the largest radius) reaches neither Chicago nor San Francisco.
    expect((await search({ distance: '500' })).totalResultSize).toBe(everything.totalResultSize);
    // From Milwaukee, 25 miles misses Chicago's restaurants; 100 miles takes them in.
    expect((await search({ location: '43.0389,-87.9065' })).totalResultSize).toBe(0);
    expect((await search({ location: '43.0389,-87.9065', distance: '100' })).totalResultSize).toBeGreaterThanOrEqual(120);
  });

  it('finds cities by name or ZIP and takes "lat,lng"', async () => {
    const chicago = await search({ location: 'Chicago' });
    expect(chicago.origin).toMatchObject({ latitude: 41.8781, longitude: -87.6298, label: 'Chicago, IL' });
    expect(chicago.totalResultSize).toBeGreaterThanOrEqual(120);
    expect(chicago.merchants.every((m) => m.location.address.city === 'Chicago' && m.location.address.state === 'IL')).toBe(true);

    const sf = await search({ location: 'san francisco, ca' });
    expect(sf.origin.label).toBe('San Francisco, CA');
    expect(sf.totalResultSize).toBeGreaterThanOrEqual(120);
    expect(sf.merchants.every((m) => m.location.address.city === 'San Francisco')).toBe(true);

    const zip = await search({ location: '94103' });
    expect(zip.merchants[0]!.location.address.city).toBe('San Francisco');
    expect((await search({ location: 'NYC' })).origin.label).toBe('New York, NY');
    expect((await search({ location: '10036' })).merchants[0]!.location.address.state).toBe('NY');

    const coords = await search({ location: '41.8925, -87.6340' });
    expect(coords.origin).toMatchObject({ latitude: 41.8925, longitude: -87.634 });
    expect(coords.merchants[0]!.location.address.city).toBe('Chicago');
  });

  it('sorts by rating, name and relevance', async () => {
    const byRating = await search({ sortBy: 'rating', pageSize: '50' });
    const ratings = byRating.merchants.map((m) => m.details.rating.overallRating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(ratings[0]).toBe(5);

    const byName = await search({ sortBy: 'name', pageSize: '50' });
    const initials = byName.merchants.map((m) => m.name[0]!.toLowerCase());
    expect(initials).toEqual([...initials].sort());

    const target = byRating.merchants[7]!;
    const relevant = await search({ sortBy: 'relevance', restaurantOrCuisine: target.name.toUpperCase() });
    expect(relevant.merchants[0]!.id).toBe(target.id);
  });
});

describe('GET /api/v2/Merchants/Search: filters', () => {
  it('restaurantOrCuisine matches a name or a cuisine, ignoring case', async () => {
    const thai = await all({ restaurantOrCuisine: 'thai' });
    expect(thai.length).toBeGreaterThan(3);
    expect(thai.every((m) => /thai/i.test(m.name) || m.details.cuisines.some((c) => /thai/i.test(c)))).toBe(true);
    expect((await search({ restaurantOrCuisine: 'THAI' })).totalResultSize).toBe(thai.length);
    const pizza = await all({ restaurantOrCuisine: 'Pizza', location: 'Chicago' });
    expect(pizza.length).toBeGreaterThan(0);
    expect(pizza.every((m) => m.location.address.city === 'Chicago')).toBe(true);
    expect((await search({ restaurantOrCuisine: '%' })).totalResultSize).toBe(0);
  });

  it('acclaimed, reservations, campaignCode and benefitsFor keep only matching merchants', async () => {
    const total = (await search()).totalResultSize;
    const acclaimed = await all({ acclaimed: 'true' });
    expect(acclaimed.length).toBeGreaterThan(0);
    expect(acclaimed.length).toBeLessThan(total);
    expect(acclaimed.every((m) => m.acclaimedLevel > 0)).toBe(true);

    const bookable = await all({ reservations: 'true' });
    expect(bookable.length).toBeGreaterThan(total * 0.25);
    expect(bookable.every((m) => typeof m.reservationProviders.openTable?.restaurantId === 'string')).toBe(true);

    const vip = await all({ campaignCode: 'vipbonus' });
    expect(vip.length).toBeGreaterThan(0);
    expect(vip.every((m) => m.benefitAvailability.campaignCodes.includes('VIPBONUS'))).toBe(true);
    expect((await search({ campaignCode: 'NO-SUCH-CODE' })).totalResultSize).toBe(0);

    const offers = await all({ benefitsFor: 'members' });
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((m) => typeof m.benefitAvailability.bonusText === 'string')).toBe(true);
  });

  it('isNew keeps only new merchants', async () => {
    const { rows } = await t.db.query<{ id: string }>('select id from merchants where is_new order by id');
    const fresh = (
      await Promise.all(['New York', 'Chicago', 'San Francisco'].map((location) => all({ isNew: 'true', location })))
    ).flat();
    expect(rows.length).toBeGreaterThan(10);
    expect(ids(fresh).sort()).toEqual(rows.map((r) => r.id));
  });

  it('priceRange keeps the listed levels; features must all match; mealsServed any', async () => {
    const cheap = await all({ priceRange: '1,2' });
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.every((m) => m.details.priceRange === 1 || m.details.priceRange === 2)).toBe(true);

    const both = await all({ features: 'delivery,takeout' });
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((m) => m.details.features?.includes('delivery') && m.details.features.includes('takeout'))).toBe(true);
    const deliveryOnly = await search({ features: 'delivery' });
    expect(deliveryOnly.totalResultSize).toBeGreaterThan(both.length);
    // The filter names of the search page ("dine-in", "online ordering") mean the same.
    expect((await search({ features: 'dine-in,online ordering' })).totalResultSize).toBe((await search({ features: 'dineIn,onlineOrdering' })).totalResultSize);

    const lateOrBreakfast = await all({ mealsServed: 'breakfast,lateNight' });
    expect(lateOrBreakfast.every((m) => m.details.mealsServed?.some((meal) => meal === 'breakfast' || meal === 'lateNight'))).toBe(true);
    const late = await search({ mealsServed: 'lateNight' });
    expect(late.totalResultSize).toBeGreaterThan(0);
    expect(late.totalResultSize).toBeLessThan(lateOrBreakfast.length);
  });

  it('drops empty parameters instead of filtering or failing on them', async () => {
    const plain = await search();
    const blank = await search('location=&restaurantOrCuisine=&acclaimed=&priceRange=&pageNo=&pageSize=&campaignCode=&sortBy=');
    expect(blank.totalResultSize).toBe(plain.totalResultSize);
    expect(ids(blank.merchants)).toEqual(ids(plain.merchants));
  });

  it('rejects bad input with 400 and a message naming the problem', async () => {
    const cases: Array<[string, RegExp]> = [
      ['location=Atlantis', /Unknown location "Atlantis"/],
      ['location=91,10', /latitude/],
      ['pageSize=0', /pageSize/],
      ['pageSize=500', /pageSize/],
      ['pageNo=abc', /pageNo/],
      ['sortBy=cheapest', /sortBy/],
      ['distance=-2', /distance/],
      ['priceRange=5', /priceRange/],
      ['features=wifi', /features.*"wifi"/],
      ['mealsServed=supper', /mealsServed.*"supper"/],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });
});

describe('GET /media/merchants/:id/:variant.svg', () => {
  let nyc: Merchant[];
  beforeAll(async () => {
    nyc = (await search({ pageSize: '60' })).merchants;
  });

  it('draws each variant as a cacheable SVG image', async () => {
    const m = nyc[0]!;
    for (const variant of ['promo', 'logo', 'menu1', 'menu2', 'menu3']) {
      const res = await t.app.inject({ method: 'GET', url: `${m.images.imageBaseUrl}${variant}.svg` });
      expect(res.statusCode, variant).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(String(res.headers['cache-control'])).toMatch(/max-age=(\d{7,})/);
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(res.body).toContain('role="img"');
      expect(res.body).not.toMatch(/<script|on\w+=/i);
    }
    const logo = await t.app.inject({ method: 'GET', url: `${m.images.imageBaseUrl}logo.svg` });
    expect(logo.body).toContain(`aria-label="${m.name.replace(/&/g, '&amp;').replace(/'/g, '&apos;')} logo"`);
  });

  it('is deterministic per merchant and differs between merchants, cuisines and variants', async () => {
    const [a, b] = nyc;
    const promo = (m: Merchant) => t.app.inject({ method: 'GET', url: `${m.images.imageBaseUrl}promo.svg` }).then((r) => r.body);
    expect(await promo(a!)).toBe(await promo(a!));
    expect(await promo(a!)).not.toBe(await promo(b!));
    const menu1 = await t.app.inject({ method: 'GET', url: `${a!.images.imageBaseUrl}menu1.svg` });
    expect(menu1.body).not.toBe(await promo(a!));
    // Different cuisines get different scenes (colours), not a recoloured blank box.
    const sushi = nyc.find((m) => m.details.cuisines[0] === 'Sushi' || m.details.cuisines[0] === 'Japanese');
    const pizza = nyc.find((m) => m.details.cuisines[0] === 'Pizza' || m.details.cuisines[0] === 'Italian');
    expect(sushi && pizza).toBeTruthy();
    const bg = (svg: string) => /<linearGradient id="bg"[^>]*><stop offset="0" stop-color="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    expect(bg(await promo(sushi!))).not.toBe(bg(await promo(pizza!)));
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const url = `${nyc[1]!.images.imageBaseUrl}promo.svg`;
    const first = await t.app.inject({ method: 'GET', url });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for unknown merchants and variants', async () => {
    const id = nyc[0]!.id;
    for (const url of ['/media/merchants/999999/promo.svg', `/media/merchants/${id}/banner.svg`, `/media/merchants/${id}/promo.png`, `/media/merchants/${id}/menu4.svg`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
