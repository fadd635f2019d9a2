// One merchant's detail page data (spec 001 §2 "Merchant detail"): the search card's fields plus
// hours, menu, reviews, events, offer terms, ordering and reservation limits.
import type { MerchantDetail, MerchantReviews } from '#shared/generated/types.ts';
import type { Queryable } from '../db/index.ts';
import { getMerchant, imageBaseUrl, type Origin } from './merchants.ts';

export const REVIEWS_PAGE_SIZE = 5;

interface DetailRow {
  phone: string | null;
  website: string | null;
  hours: MerchantDetail['hours'];
  photo_count: number;
  menu: MerchantDetail['menu'];
  events: MerchantDetail['events'];
  offer_terms: MerchantDetail['offers'];
  ordering: MerchantDetail['ordering'];
  min_party: number;
  max_party: number;
  rating_distribution: number[];
  reviews_total: number;
}

interface ReviewRow {
  seq: number;
  author: string;
  rating: number;
  reviewed_on: string;
  body: string;
}

const reviewRows = (db: Queryable, merchantId: string, pageNo: number, pageSize: number) =>
  db.query<ReviewRow>(
    `select seq, author, rating, to_char(reviewed_on, 'YYYY-MM-DD') as reviewed_on, body from merchant_reviews
      where merchant_id = $1 order by reviewed_on desc, seq limit $2 offset $3`,
    [merchantId, pageSize, (pageNo - 1) * pageSize],
  );

function reviewsPage(
  merchantId: string,
  rating: { overallRating: number; numberOfRatings: number },
  distribution: readonly number[],
  total: number,
  rows: readonly ReviewRow[],
  pageNo: number,
  pageSize: number,
): MerchantReviews {
  return {
    pageNo,
    pageSize,
    totalResultSize: total,
    totalPages: Math.ceil(total / pageSize),
    overallRating: rating.overallRating,
    numberOfRatings: rating.numberOfRatings,
    distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: distribution[stars - 1] ?? 0 })),
    data: rows.map((r) => ({ id: `${merchantId}-r${r.seq}`, author: r.author, rating: r.rating, date: r.reviewed_on, text: r.body })),
  };
}

const detailRow = async (db: Queryable, id: string) =>
  (
    await db.query<DetailRow>(
      `select phone, website, hours, photo_count, menu, events, offer_terms, ordering, min_party, max_party,
          rating_distribution, (select count(*)::int from merchant_reviews r where r.merchant_id = d.merchant_id) as reviews_total
         from merchant_details d where merchant_id = $1`,
      [id],
    )
  ).rows[0];

/**
 * Details change only with the seed or an import, so answers are kept for a minute (per database,
 * at most 2,000 merchants): PGlite runs one query at a time and the page is requested often. The
 * distance from a given origin is computed on the cached copy.
 */
const DETAIL_TTL_MS = 60_000;
const DETAIL_CACHE_MAX = 2000;
const detailCache = new WeakMap<Queryable, Map<string, { at: number; detail: MerchantDetail | null }>>();

const EARTH_MILES = 3958.8;
function milesFrom(origin: Origin, lat: number, lng: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat - origin.latitude) * rad) / 2) ** 2 +
    Math.cos(origin.latitude * rad) * Math.cos(lat * rad) * Math.sin(((lng - origin.longitude) * rad) / 2) ** 2;
  return 2 * EARTH_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The detail page's data, or null for an unknown merchant. */
export async function getMerchantDetail(
  db: Queryable,
  id: string,
  origin: Origin | null = null,
  now = Date.now(),
): Promise<MerchantDetail | null> {
  let cache = detailCache.get(db);
  if (!cache) detailCache.set(db, (cache = new Map()));
  let hit = cache.get(id);
  if (!hit || now - hit.at > DETAIL_TTL_MS) {
    if (cache.size >= DETAIL_CACHE_MAX) cache.clear();
    hit = { at: now, detail: await loadMerchantDetail(db, id) };
    cache.set(id, hit);
  }
  const detail = hit.detail;
  if (!detail || !origin) return detail;
  const { latitude, longitude } = detail.merchant.location;
  return {
    ...detail,
    merchant: {
      ...detail.merchant,
      distance: Math.round(milesFrom(origin, latitude, longitude) * 10) / 10,
      origin: { latitude: origin.latitude, longitude: origin.longitude },
    },
  };
}

async function loadMerchantDetail(db: Queryable, id: string): Promise<MerchantDetail | null> {
  const origin = null;
  const [merchant, row, reviews] = await Promise.all([
    getMerchant(db, id, origin),
    detailRow(db, id),
    reviewRows(db, id, 1, REVIEWS_PAGE_SIZE),
  ]);
  if (!merchant) return null;
  const base = imageBaseUrl(id);
  const rating = merchant.details.rating;
  // A merchant without a detail row (added outside the seed) still has a page: the card's fields.
  return {
    merchant,
    description: merchant.details.description ?? '',
    phone: row?.phone ?? null,
    website: row?.website ?? null,
    hours: row?.hours ?? null,
    images: { hero: (row?.photo_count ?? 1) > 0 ? `${base}promo.svg` : null, logo: `${base}logo.svg` },
    menu: row?.menu ?? null,
    reviews: reviewsPage(
      id,
      rating,
      row?.rating_distribution ?? [0, 0, 0, 0, 0],
      row?.reviews_total ?? 0,
      reviews.rows,
      1,
      REVIEWS_PAGE_SIZE,
    ),
    events: row?.events ?? [],
    offers: row?.offer_terms ?? {
      offerType: merchant.benefitAvailability.offerType ?? 'Unlimited',
      maxSpendPerMonth: null,
      maxVisitsPerMonth: null,
      tiers: [],
    },
    ordering: row?.ordering ?? null,
    reservation: merchant.reservationProviders.openTable?.restaurantId
      ? {
          provider: 'openTable',
          restaurantId: merchant.reservationProviders.openTable.restaurantId,
          minPartySize: row?.min_party ?? 1,
          maxPartySize: row?.max_party ?? 10,
        }
      : null,
  };
}

/** A page of written reviews, or null for an unknown merchant. */
export async function getMerchantReviews(db: Queryable, id: string, pageNo: number, pageSize: number): Promise<MerchantReviews | null> {
  const [summary, row, reviews] = await Promise.all([
    db.query<{ rating: number; rating_count: number }>('select rating::float8 as rating, rating_count from merchants where id = $1', [id]),
    detailRow(db, id),
    reviewRows(db, id, pageNo, pageSize),
  ]);
  const merchant = summary.rows[0];
  if (!merchant) return null;
  return reviewsPage(
    id,
    { overallRating: Number(merchant.rating), numberOfRatings: merchant.rating_count },
    row?.rating_distribution ?? [0, 0, 0, 0, 0],
    row?.reviews_total ?? 0,
    reviews.rows,
    pageNo,
    pageSize,
  );
}
