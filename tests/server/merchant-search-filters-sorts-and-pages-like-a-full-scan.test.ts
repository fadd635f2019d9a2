import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Merchant, MerchantSearchResponse } from '#shared/generated/types.ts';
import { validateApiMerchant, validateApiMerchantSearchResponse } from '#shared/generated/validators.js';
import { milesBetween } from '#server/seed/merchants.ts';
import { SEARCH_COUNT_CAP } from '#server/repos/merchants.ts';
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
  const merchants: Merchant[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await search({ ...query, pageSize: '100', pageNo: String(pageNo) });
    merchants.push(...page.merchants);
    if (page.merchants.length < 100) {
      // The last page counts exactly: fewer than the cap remain after its first result.
      expect(page.totalCapped).toBe(false);
      expect(page.totalResultSize).toBe(merchants.length);
      return merchants;
    }
  }
}

const ids = (merchants: Merchant[]) => merchants.map((m) => m.id);

describe('GET /api/v2/Merchants/Search: location, paging, sorting', () => {
  it('defaults to the spec location, 15 per page, nearest first', async () => {
    const body = await search();
    expect(body.origin).toMatchObject({ latitude: 40.7577, longitude: -73.9857 });
    expect(body.pageNo).toBe(1);
    expect(body.pageSize).toBe(15);
    expect(body.merchants).toHaveLength(15);
    // 340 in New York: counting stops at the cap and says so ("200+").
    expect(body.totalResultSize).toBe(SEARCH_COUNT_CAP);
    expect(body.totalCapped).toBe(true);
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
    const within = { distance: '1.5' };
    const one = await search({ ...within, pageNo: '1' });
    expect(one.totalCapped).toBe(false);
    expect(one.totalPages).toBeGreaterThan(2);
    const two = await search({ ...within, pageNo: '2' });
    expect(two.merchants).toHaveLength(15);
    expect(ids(two.merchants).some((id) => ids(one.merchants).includes(id))).toBe(false);
    expect(two.merchants[0]!.distance!).toBeGreaterThanOrEqual(one.merchants.at(-1)!.distance!);
    const last = await search({ ...within, pageNo: String(one.totalPages) });
    expect(last.merchants.length).toBe(one.totalResultSize - 15 * (one.totalPages - 1));
    const past = await search({ ...within, pageNo: String(one.totalPages + 1) });
    expect(past.merchants).toEqual([]);
    expect(past.totalResultSize).toBe(one.totalResultSize);
    const small = await search({ ...within, pageSize: '5', pageNo: '3' });
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
    const fresh = (await Promise.all(['New York', 'Chicago', 'San Francisco'].map((location) => all({ isNew: 'true', location })))).flat();
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
    expect((await search({ features: 'dine-in,online ordering' })).totalResultSize).toBe(
      (await search({ features: 'dineIn,onlineOrdering' })).totalResultSize,
    );

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
      ['location=91,10', /location.*latitude/],
      ['location=40.7,-190', /location.*longitude/],
      ['pageSize=0', /pageSize/],
      ['pageSize=500', /pageSize/],
      ['pageNo=abc', /pageNo/],
      ['sortBy=cheapest', /sortBy/],
      ['distance=-2', /distance/],
      ['priceRange=5', /priceRange/],
      ['features=wifi', /features.*"wifi"/],
      ['mealsServed=supper', /mealsServed.*"supper"/],
      ['pageNo=0', /pageNo/],
      ['distance=far', /distance/],
      ['distance=0', /distance/],
      ['acclaimed=maybe', /acclaimed/],
      ['isNew=2', /isNew/],
      ['reservations=sometimes', /reservations/],
      ['priceRange=cheap', /priceRange/],
      [`restaurantOrCuisine=${'x'.repeat(101)}`, /restaurantOrCuisine/],
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
    for (const url of [
      '/media/merchants/999999/promo.svg',
      `/media/merchants/${id}/banner.svg`,
      `/media/merchants/${id}/promo.png`,
      `/media/merchants/${id}/menu4.svg`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('GET /api/v2/Merchants/Search: a search that scales', () => {
  /** All 340 New York merchants are within the default 25 miles of Times Square. */
  const NEW_YORK = 340;

  it('counts up to 200 past the first result of the page and says when it stopped ("200+")', async () => {
    const first = await search();
    expect(first).toMatchObject({ totalResultSize: 200, totalCapped: true, totalPages: 14 });
    expect(first.merchants).toHaveLength(15);
    // Paging on past the capped count keeps finding merchants, and deeper pages count further.
    const beyond = await search({ pageNo: '15' });
    expect(beyond.merchants).toHaveLength(15);
    expect(beyond).toMatchObject({ totalResultSize: NEW_YORK, totalCapped: false, totalPages: 23 });
    const last = await search({ pageNo: '23' });
    expect(last.merchants).toHaveLength(NEW_YORK - 22 * 15);
    expect((await search({ distance: '500', pageSize: '100', pageNo: '4' })).totalResultSize).toBe(NEW_YORK);
  });

  it('answers a page past the end with an empty page', async () => {
    const past = await search({ pageNo: '24' });
    expect(past).toMatchObject({ merchants: [], totalResultSize: NEW_YORK, totalCapped: false, totalPages: 23, pageNo: 24 });
    const farPast = await search({ pageNo: '1000', pageSize: '100' });
    expect(farPast).toMatchObject({ merchants: [], totalResultSize: NEW_YORK, totalCapped: false });
  });

  it('finds nothing at a place it does not know, without an error', async () => {
    for (const location of ['Atlantis', 'Springfield, ZZ', '00000']) {
      const body = await search({ location, restaurantOrCuisine: 'pizza' });
      expect(body, location).toMatchObject({
        merchants: [],
        totalResultSize: 0,
        totalPages: 0,
        totalCapped: false,
        pageNo: 1,
        pageSize: 15,
      });
      expect(validateApiMerchantSearchResponse(body)).toBe(true);
    }
  });

  it('returns what a scan of every merchant returns, for random searches', async () => {
    interface Ref {
      id: string;
      name: string;
      cuisines: string[];
      latitude: number;
      longitude: number;
      price_range: number;
      rating: number;
      rating_count: number;
      acclaimed_level: number;
      is_new: boolean;
      open_table_id: string | null;
      bonus_text: string | null;
      features: string[];
      meals_served: string[];
      campaign_codes: string[];
    }
    const { rows: everyone } = await t.db.query<Ref>(
      `select id, name, cuisines, latitude, longitude, price_range, rating::float8 as rating, rating_count, acclaimed_level,
         is_new, open_table_id, bonus_text, features, meals_served, campaign_codes from merchants`,
    );
    // The SQL haversine of src/server/repos/merchants.ts, step for step.
    const rad = (deg: number) => deg * (Math.PI / 180);
    const miles = (lat: number, lng: number, m: Ref) =>
      7917.6 *
      Math.asin(
        Math.min(
          1,
          Math.sqrt(
            Math.sin(rad(m.latitude - lat) / 2) ** 2 +
              Math.cos(rad(lat)) * Math.cos(rad(m.latitude)) * Math.sin(rad(m.longitude - lng) / 2) ** 2,
          ),
        ),
      );
    const cities = [
      [40.7577, -73.9857],
      [41.8781, -87.6298],
      [37.7749, -122.4194],
    ] as const;
    const subset = <T>(values: readonly T[]) => fc.option(fc.subarray([...values], { minLength: 1 }), { nil: undefined });
    const queries = fc.record({
      city: fc.constantFrom(...cities),
      dLat: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
      dLng: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
      distance: fc.integer({ min: 1, max: 400 }).map((n) => n / 10),
      sortBy: fc.constantFrom('distance', 'rating'),
      pageNo: fc.integer({ min: 1, max: 6 }),
      pageSize: fc.integer({ min: 1, max: 40 }),
      text: fc.option(fc.constantFrom('thai', 'PIZZA', 'an', 'sushi', 'bar', 'ki'), { nil: undefined }),
      prices: subset([1, 2, 3, 4]),
      features: subset(['delivery', 'dineIn', 'takeout', 'onlineOrdering']),
      meals: subset(['breakfast', 'brunch', 'lunch', 'dinner', 'lateNight']),
      campaign: fc.option(fc.constantFrom('dine2026', 'NEWMEMBER', 'VipBonus'), { nil: undefined }),
      acclaimed: fc.boolean(),
      isNew: fc.boolean(),
      reservations: fc.boolean(),
      benefits: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(queries, async (q) => {
        const lat = Math.round((q.city[0] + q.dLat) * 1e4) / 1e4;
        const lng = Math.round((q.city[1] + q.dLng) * 1e4) / 1e4;
        const withDistance = everyone.map((m) => ({ m, dist: miles(lat, lng, m) }));
        // Rounding may differ in the last digit between the two haversines: skip a radius on a merchant.
        fc.pre(withDistance.every(({ dist }) => Math.abs(dist - q.distance) > 1e-7));
        const text = q.text?.toLowerCase();
        const matches = withDistance.filter(
          ({ m, dist }) =>
            dist <= q.distance &&
            (!text || m.name.toLowerCase().includes(text) || m.cuisines.some((c) => c.toLowerCase().includes(text))) &&
            (!q.prices || q.prices.includes(m.price_range)) &&
            (!q.features || q.features.every((f) => m.features.includes(f))) &&
            (!q.meals || q.meals.some((meal) => m.meals_served.includes(meal))) &&
            (!q.campaign || m.campaign_codes.includes(q.campaign.toUpperCase())) &&
            (!q.acclaimed || m.acclaimed_level > 0) &&
            (!q.isNew || m.is_new) &&
            (!q.reservations || m.open_table_id !== null) &&
            (!q.benefits || m.bonus_text !== null),
        );
        const byId = (a: { m: Ref }, b: { m: Ref }) => (a.m.id < b.m.id ? -1 : a.m.id > b.m.id ? 1 : 0);
        matches.sort((a, b) =>
          q.sortBy === 'rating'
            ? b.m.rating - a.m.rating || b.m.rating_count - a.m.rating_count || a.dist - b.dist || byId(a, b)
            : a.dist - b.dist || byId(a, b),
        );
        const offset = (q.pageNo - 1) * q.pageSize;
        const countLimit = offset + SEARCH_COUNT_CAP;

        const query: Record<string, string> = {
          location: `${lat},${lng}`,
          distance: String(q.distance),
          sortBy: q.sortBy,
          pageNo: String(q.pageNo),
          pageSize: String(q.pageSize),
        };
        if (q.text) query.restaurantOrCuisine = q.text;
        if (q.prices) query.priceRange = q.prices.join(',');
        if (q.features) query.features = q.features.join(',');
        if (q.meals) query.mealsServed = q.meals.join(',');
        if (q.campaign) query.campaignCode = q.campaign;
        if (q.acclaimed) query.acclaimed = 'true';
        if (q.isNew) query.isNew = 'true';
        if (q.reservations) query.reservations = 'true';
        if (q.benefits) query.benefitsFor = 'members';
        const body = await search(query);
        expect(ids(body.merchants)).toEqual(matches.slice(offset, offset + q.pageSize).map(({ m }) => m.id));
        expect(body.totalResultSize).toBe(Math.min(matches.length, countLimit));
        expect(body.totalCapped).toBe(matches.length > countLimit);
      }),
      { numRuns: 80 },
    );
  });
});
