// Merchants: search by location (a GiST index on a point per merchant and its latitude and longitude
// finds the nearest inside a box around the radius, the exact haversine distance in SQL decides; the
// same on PGlite and PostgreSQL), filters, sorting and paging, in the API's Merchant shape.
import { lookupPlace } from '../geo/gazetteer.ts';
import type { Merchant } from '#shared/generated/types.ts';
import type { Queryable } from '../db/index.ts';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface Origin extends Coordinates {
  label?: string;
}

export type MerchantSort = 'distance' | 'rating' | 'name' | 'relevance';
export type MerchantFeature = 'delivery' | 'dineIn' | 'takeout' | 'onlineOrdering';
export type MerchantMeal = 'breakfast' | 'brunch' | 'lunch' | 'dinner' | 'lateNight';

export interface MerchantSearch {
  origin: Origin;
  radiusMiles: number;
  pageNo: number;
  pageSize: number;
  sortBy: MerchantSort;
  /** Case-insensitive match on the name or a cuisine. */
  text?: string;
  acclaimed?: boolean;
  isNew?: boolean;
  /** Price levels, any of them. */
  priceRange?: number[];
  /** Every one must be offered. */
  features?: MerchantFeature[];
  /** Any of them must be served. */
  meals?: MerchantMeal[];
  /** Only merchants bookable online. */
  reservations?: boolean;
  campaignCode?: string;
  /** Only merchants with a bonus offer. */
  withBenefits?: boolean;
}

export interface MerchantPage {
  merchants: Merchant[];
  totalResultSize: number;
  totalPages: number;
  /** totalResultSize is a lower bound: counting stopped at the cap. */
  totalCapped: boolean;
}

/** The spec's default search location (000 §9). */
export const DEFAULT_ORIGIN: Origin = { latitude: 40.7577, longitude: -73.9857 };

export class LocationError extends Error {}
/** A place name the gazetteer does not know: a search there finds nothing (not a bad request). */
export class UnknownPlaceError extends LocationError {}

const COORDINATES = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** "lat,lng" or a place name (city or ZIP, optionally with state) -> coordinates. */
export function resolveLocation(text: string | undefined): Origin {
  if (text === undefined || text.trim() === '') return DEFAULT_ORIGIN;
  const coords = COORDINATES.exec(text);
  if (coords) {
    const latitude = Number(coords[1]);
    const longitude = Number(coords[2]);
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      throw new LocationError('location coordinates are out of range: latitude must be -90 to 90 and longitude -180 to 180.');
    }
    return { latitude, longitude };
  }
  const place = lookupPlace(text);
  if (place) return place;
  throw new UnknownPlaceError(
    `Unknown location "${text.trim().slice(0, 80)}". Try a US city ("Chicago, IL"), a ZIP code or "latitude,longitude".`,
  );
}

interface Row {
  id: string;
  name: string;
  cuisines: string[];
  price_range: number;
  rating: number;
  rating_count: number;
  highlight: string | null;
  acclaimed_level: number;
  campaign_codes: string[];
  latitude: number;
  longitude: number;
  address1: string;
  city: string;
  state: string;
  zip_code: string;
  neighborhood: string | null;
  description: string;
  features: string[];
  meals_served: string[];
  offer_type: string;
  bonus_text: string | null;
  offer_tag: string | null;
  open_table_id: string | null;
  dist: number | null;
}

const COLUMNS = `id, name, cuisines, price_range, rating::float8 as rating, rating_count, highlight, acclaimed_level,
  campaign_codes, latitude, longitude, address1, city, state, zip_code, neighborhood, description, features,
  meals_served, offer_type, bonus_text, offer_tag, open_table_id`;

/** Great-circle miles from ($1, $2) to the row, in SQL. */
const DISTANCE = `(7917.6 * asin(least(1, sqrt(
  power(sin(radians(latitude - $1) / 2), 2) +
  cos(radians($1)) * cos(radians(latitude)) * power(sin(radians(longitude - $2) / 2), 2)))))`;

/** Where a merchant's generated images live (GET /media/merchants/:id/:variant.svg). */
export const imageBaseUrl = (id: string) => `/media/merchants/${encodeURIComponent(id)}/`;

function toMerchant(row: Row, origin: Origin | null): Merchant {
  return {
    id: row.id,
    name: row.name,
    images: { imageBaseUrl: imageBaseUrl(row.id) },
    details: {
      rating: { overallRating: Number(row.rating), numberOfRatings: row.rating_count },
      priceRange: row.price_range,
      cuisines: row.cuisines,
      highlight: (row.highlight ?? null) as Merchant['details']['highlight'],
      description: row.description,
      features: row.features,
      mealsServed: row.meals_served,
    },
    location: {
      address: { address1: row.address1, city: row.city, state: row.state, zipCode: row.zip_code },
      neighborhood: row.neighborhood,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    distance: row.dist === null ? null : Math.round(row.dist * 10) / 10,
    origin: origin ? { latitude: origin.latitude, longitude: origin.longitude } : null,
    acclaimedLevel: row.acclaimed_level,
    benefitAvailability: {
      campaignCodes: row.campaign_codes,
      offerType: row.offer_type === 'Limited' ? 'Limited' : 'Unlimited',
      bonusText: row.bonus_text,
      offerTag: row.offer_tag,
    },
    reservationProviders: { openTable: row.open_table_id ? { restaurantId: row.open_table_id } : null },
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Counting stops this many results past the first one of the page, so a search near 100 000
 * merchants does not count them all: the answer then says "200+" (totalCapped).
 */
export const SEARCH_COUNT_CAP = 200;
/**
 * The index orders by straight-line distance through the sphere and the page by the haversine in
 * miles: mathematically the same order, but rounding can swap two all but equally far merchants, so
 * the nearest-first scan reads this many more than the page and the page is ordered exactly.
 */
const NEAREST_SLACK = 20;
const EARTH_RADIUS_MILES = 3958.8; // DISTANCE's 7917.6 is its diameter
/** Widens the box by about 1 cm, so float rounding never leaves out a merchant on the radius. */
const BOX_MARGIN_DEGREES = 1e-7;

/** Latitudes and (unless every longitude can be in range) longitudes, in degrees. */
export interface SearchBox {
  south: number;
  north: number;
  longitudes: { west: number; east: number } | null;
}

/**
 * The smallest latitude/longitude box holding every point within `radiusMiles` of `origin` on the
 * sphere of DISTANCE: the circle's northern and southern points are on the origin's meridian, and
 * its widest longitudes where a meridian touches it (asin(sin r / cos lat)). A circle around a pole
 * or across the 180th meridian gets every longitude (a merchant at -179.9 can be near one at 179.9).
 */
export function searchBox(origin: Coordinates, radiusMiles: number): SearchBox {
  const toDegrees = (radians: number) => (radians * 180) / Math.PI;
  const r = Math.min(radiusMiles / EARTH_RADIUS_MILES, Math.PI);
  const dLat = toDegrees(r) + BOX_MARGIN_DEGREES;
  const south = origin.latitude - dLat;
  const north = origin.latitude + dLat;
  const every = { south, north, longitudes: null };
  if (south <= -90 || north >= 90) return every;
  const sine = Math.sin(r) / Math.cos((origin.latitude * Math.PI) / 180);
  // Near 1, asin is steep: there the circle all but reaches a pole, and a box gains nothing.
  if (!(sine < 1 - 1e-9)) return every;
  const dLng = toDegrees(Math.asin(sine)) * (1 + 1e-9) + BOX_MARGIN_DEGREES;
  const west = origin.longitude - dLng;
  const east = origin.longitude + dLng;
  return west < -180 || east > 180 ? every : { south, north, longitudes: { west, east } };
}

/**
 * The WHERE clause of a search and its parameters ($1, $2 = origin). The GiST index on (geo,
 * latitude, longitude) (migration 014) answers the box around the radius and the nearest-first
 * order; the exact radius is the haversine on what the box lets through. The box is plain ranges
 * on two columns, so the planner estimates it from their statistics: near thousands of merchants it
 * walks the index nearest first and stops at the page, near a few it reads them all and sorts.
 */
function searchFilter(search: MerchantSearch): { where: string; params: unknown[] } {
  const { origin, radiusMiles } = search;
  const params: unknown[] = [origin.latitude, origin.longitude];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const box = searchBox(origin, radiusMiles);
  const where: string[] = [`latitude between ${param(box.south)} and ${param(box.north)}`];
  if (box.longitudes) where.push(`longitude between ${param(box.longitudes.west)} and ${param(box.longitudes.east)}`);
  where.push(`${DISTANCE} <= ${param(radiusMiles)}`);

  const text = search.text?.trim();
  if (text) {
    const like = param(likePattern(text));
    // search_text (name and cuisines in one string) has the trigram index; the exact rule follows.
    where.push(`search_text ilike ${like}`, `(name ilike ${like} or exists (select 1 from unnest(cuisines) c where c ilike ${like}))`);
  }
  if (search.acclaimed) where.push('acclaimed_level > 0');
  if (search.isNew) where.push('is_new');
  if (search.reservations) where.push('open_table_id is not null');
  if (search.withBenefits) where.push('bonus_text is not null');
  if (search.priceRange?.length) where.push(`price_range = any(${param(search.priceRange)}::int[])`);
  if (search.features?.length) where.push(`features @> ${param(search.features)}::text[]`);
  if (search.meals?.length) where.push(`meals_served && ${param(search.meals)}::text[]`);
  if (search.campaignCode) where.push(`campaign_codes @> array[upper(${param(search.campaignCode)})]`);
  return { where: where.join(' and '), params };
}

export async function searchMerchants(db: Queryable, search: MerchantSearch): Promise<MerchantPage> {
  const { origin, pageSize } = search;
  const offset = (search.pageNo - 1) * pageSize;
  const filter = searchFilter(search);
  const params = [...filter.params];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const text = search.text?.trim();
  const nearest = 'geo <-> merchant_point($1, $2)';

  let pageSql: string;
  if (search.sortBy === 'distance') {
    pageSql = `select * from (
        select ${COLUMNS}, ${DISTANCE} as dist from merchants where ${filter.where}
        order by ${nearest} limit ${param(offset + pageSize + NEAREST_SLACK)}) h
      order by dist, id limit ${param(pageSize)} offset ${param(offset)}`;
  } else {
    let orderBy: string;
    switch (search.sortBy) {
      case 'rating':
        orderBy = 'rating desc, rating_count desc, dist, id';
        break;
      case 'name':
        orderBy = 'lower(name), id';
        break;
      default:
        orderBy = text
          ? `case when lower(name) = lower(${param(text)}) then 0 when name ilike ${param(`${text.replace(/[\\%_]/g, '\\$&')}%`)} then 1
               when name ilike ${param(likePattern(text))} then 2 else 3 end,
             acclaimed_level desc, rating desc, dist, id`
          : // Without a query: well-rated, much-reviewed, acclaimed places nearby first.
            '(rating + acclaimed_level * 0.25 + ln(rating_count + 1) * 0.08 - least(dist, 25) * 0.04) desc, id';
    }
    pageSql = `select * from (select ${COLUMNS}, ${DISTANCE} as dist from merchants where ${filter.where}) h
      order by ${orderBy} limit ${param(pageSize)} offset ${param(offset)}`;
  }

  // Counted nearest first, so the scan stops at the cap instead of reading every merchant in range.
  const countLimit = offset + SEARCH_COUNT_CAP;
  const countSql = `select count(*)::int as n from (select 1 from merchants where ${filter.where}
    order by ${nearest} limit ${countLimit + 1}) c`;
  // Two statements sent together: PostgreSQL runs them on two connections, the PGlite worker one
  // after the other without waiting for a round trip in between.
  const [page, counted] = await Promise.all([db.query<Row>(pageSql, params), db.query<{ n: number }>(countSql, filter.params)]);
  const n = counted.rows[0]?.n ?? 0;
  const totalCapped = n > countLimit;
  const total = Math.min(n, countLimit);
  return {
    merchants: page.rows.map((row) => toMerchant(row, origin)),
    totalResultSize: total,
    totalPages: Math.ceil(total / pageSize),
    totalCapped,
  };
}

/** One merchant; distance from `origin` when given. */
export async function getMerchant(db: Queryable, id: string, origin: Origin | null = null): Promise<Merchant | null> {
  const { rows } = await db.query<Row>(
    origin
      ? `select ${COLUMNS}, ${DISTANCE} as dist from merchants where id = $3`
      : `select ${COLUMNS}, null::float8 as dist from merchants where id = $1`,
    origin ? [origin.latitude, origin.longitude, id] : [id],
  );
  const row = rows[0];
  return row ? toMerchant(row, origin) : null;
}

/** What the art generator needs to draw a merchant's images. */
export async function getMerchantArtSubject(db: Queryable, id: string): Promise<{ id: string; name: string; cuisines: string[] } | null> {
  const { rows } = await db.query<{ id: string; name: string; cuisines: string[] }>(
    'select id, name, cuisines from merchants where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** Merchant ids in id order, at most `limit` of them (every merchant has a page: the sitemap lists them). */
export async function listMerchantIds(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id from merchants order by id limit $1', [limit]);
  return rows.map((row) => row.id);
}

/** Merchants whose name contains `text` (any case), by name; position() rather than LIKE, so a % or _ typed is a letter, not a wildcard. */
export async function merchantsNamed(
  db: Queryable,
  text: string,
  limit: number,
): Promise<Array<{ id: string; name: string; city: string }>> {
  const { rows } = await db.query<{ id: string; name: string; city: string }>(
    `select id, name, city from merchants where position(lower($1) in lower(name)) > 0 order by lower(name), id limit $2`,
    [text, limit],
  );
  return rows;
}
