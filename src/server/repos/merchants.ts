// Merchants: search by location (haversine distance computed in SQL, so it runs the same on PGlite
// and PostgreSQL), filters, sorting and paging, in the API's Merchant shape.
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
}

/** The spec's default search location (000 §9). */
export const DEFAULT_ORIGIN: Origin = { latitude: 40.7577, longitude: -73.9857 };

export class LocationError extends Error {}

interface Place extends Coordinates {
  label: string;
  names: readonly string[];
}

// A small offline gazetteer: the demo cities and a few ZIP codes in them.
const PLACES: readonly Place[] = [
  { label: 'New York, NY', latitude: 40.7577, longitude: -73.9857, names: ['new york', 'new york city', 'nyc', 'ny', 'manhattan', 'times square', 'midtown'] },
  { label: 'Brooklyn, NY', latitude: 40.7081, longitude: -73.9571, names: ['brooklyn', 'williamsburg'] },
  { label: 'Chicago, IL', latitude: 41.8781, longitude: -87.6298, names: ['chicago', 'chi', 'the loop'] },
  { label: 'San Francisco, CA', latitude: 37.7749, longitude: -122.4194, names: ['san francisco', 'sf', 'san fran'] },
  { label: 'New York, NY 10036', latitude: 40.759, longitude: -73.9899, names: ['10036'] },
  { label: 'New York, NY 10001', latitude: 40.7506, longitude: -73.9972, names: ['10001'] },
  { label: 'New York, NY 10003', latitude: 40.7317, longitude: -73.9891, names: ['10003'] },
  { label: 'New York, NY 10011', latitude: 40.7418, longitude: -74.0002, names: ['10011'] },
  { label: 'New York, NY 10012', latitude: 40.7255, longitude: -73.9983, names: ['10012'] },
  { label: 'New York, NY 10019', latitude: 40.7651, longitude: -73.9858, names: ['10019'] },
  { label: 'New York, NY 10024', latitude: 40.7869, longitude: -73.9754, names: ['10024'] },
  { label: 'Brooklyn, NY 11211', latitude: 40.7123, longitude: -73.953, names: ['11211'] },
  { label: 'Chicago, IL 60601', latitude: 41.8858, longitude: -87.6181, names: ['60601'] },
  { label: 'Chicago, IL 60607', latitude: 41.8721, longitude: -87.6578, names: ['60607'] },
  { label: 'Chicago, IL 60611', latitude: 41.8935, longitude: -87.6217, names: ['60611'] },
  { label: 'Chicago, IL 60614', latitude: 41.9227, longitude: -87.6533, names: ['60614'] },
  { label: 'San Francisco, CA 94103', latitude: 37.7725, longitude: -122.4147, names: ['94103'] },
  { label: 'San Francisco, CA 94105', latitude: 37.7898, longitude: -122.3942, names: ['94105'] },
  { label: 'San Francisco, CA 94110', latitude: 37.7486, longitude: -122.4158, names: ['94110'] },
  { label: 'San Francisco, CA 94133', latitude: 37.8002, longitude: -122.4091, names: ['94133'] },
];

const COORDINATES = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;
const STATE_SUFFIX = /,?\s+(ny|il|ca|usa|us|new york|illinois|california)$/;

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
  let name = text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(name)?.[1];
  for (let pass = 0; pass < 3; pass++) {
    const place = PLACES.find((p) => p.names.includes(name) || (zip !== undefined && p.names.includes(zip)));
    if (place) return { latitude: place.latitude, longitude: place.longitude, label: place.label };
    name = name.replace(STATE_SUFFIX, '').trim();
  }
  throw new LocationError(
    `Unknown location "${text.trim().slice(0, 80)}". Try a city (New York, Chicago, San Francisco), a ZIP code or "latitude,longitude".`,
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
  total?: number;
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

export async function searchMerchants(db: Queryable, search: MerchantSearch): Promise<MerchantPage> {
  const { origin, radiusMiles } = search;
  const params: unknown[] = [origin.latitude, origin.longitude];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // A bounding box first, so the (latitude, longitude) index narrows the rows the haversine runs on.
  const dLat = radiusMiles / 69;
  const where: string[] = [`latitude between ${param(origin.latitude - dLat)} and ${param(origin.latitude + dLat)}`];
  const dLng = radiusMiles / (69.17 * Math.max(Math.cos((origin.latitude * Math.PI) / 180), 0.01));
  if (dLng < 180) where.push(`longitude between ${param(origin.longitude - dLng)} and ${param(origin.longitude + dLng)}`);

  const text = search.text?.trim();
  if (text) {
    const like = param(likePattern(text));
    where.push(`(name ilike ${like} or exists (select 1 from unnest(cuisines) c where c ilike ${like}))`);
  }
  if (search.acclaimed) where.push('acclaimed_level > 0');
  if (search.isNew) where.push('is_new');
  if (search.reservations) where.push('open_table_id is not null');
  if (search.withBenefits) where.push('bonus_text is not null');
  if (search.priceRange?.length) where.push(`price_range = any(${param(search.priceRange)}::int[])`);
  if (search.features?.length) where.push(`features @> ${param(search.features)}::text[]`);
  if (search.meals?.length) where.push(`meals_served && ${param(search.meals)}::text[]`);
  if (search.campaignCode) where.push(`upper(${param(search.campaignCode)}) = any(campaign_codes)`);
  const radius = param(radiusMiles);
  const hits = `select ${COLUMNS}, ${DISTANCE} as dist from merchants where ${where.join(' and ')}`;
  const filterParams = [...params];

  let orderBy: string;
  switch (search.sortBy) {
    case 'rating':
      orderBy = 'rating desc, rating_count desc, dist, id';
      break;
    case 'name':
      orderBy = 'lower(name), id';
      break;
    case 'relevance':
      orderBy = text
        ? `case when lower(name) = lower(${param(text)}) then 0 when name ilike ${param(`${text.replace(/[\\%_]/g, '\\$&')}%`)} then 1
             when name ilike ${param(likePattern(text))} then 2 else 3 end,
           acclaimed_level desc, rating desc, dist, id`
        : // Without a query: well-rated, much-reviewed, acclaimed places nearby first.
          '(rating + acclaimed_level * 0.25 + ln(rating_count + 1) * 0.08 - least(dist, 25) * 0.04) desc, id';
      break;
    default:
      orderBy = 'dist, id';
  }
  const { rows } = await db.query<Row>(
    `select *, count(*) over ()::int as total from (${hits}) h where dist <= ${radius}
      order by ${orderBy} limit ${param(search.pageSize)} offset ${param((search.pageNo - 1) * search.pageSize)}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && search.pageNo > 1) {
    // Past the last page: still report how many there are.
    const counted = await db.query<{ n: number }>(`select count(*)::int as n from (${hits}) h where dist <= ${radius}`, filterParams);
    total = counted.rows[0]?.n ?? 0;
  }
  return {
    merchants: rows.map((row) => toMerchant(row, origin)),
    totalResultSize: total,
    totalPages: Math.ceil(total / search.pageSize),
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
  const { rows } = await db.query<{ id: string; name: string; cuisines: string[] }>('select id, name, cuisines from merchants where id = $1', [id]);
  return rows[0] ?? null;
}
