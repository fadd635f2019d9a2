// Demo merchants: several hundred restaurants in New York (around the spec's default location),
// Chicago and San Francisco. Generated from a fixed seed, so every database gets the same ones.
import type { Queryable } from '../db/index.ts';
import { CITY_PLANS, type CityPlan, type Neighborhood } from './data/cities.ts';
import {
  CUISINES,
  CUISINE_ADJECTIVE,
  CUISINE_PROFILES,
  DESCRIPTION_CLOSERS,
  DESCRIPTION_OPENERS,
  GENERIC_ADJECTIVES,
  GENERIC_NOUNS,
  NAME_SURNAMES,
  type Cuisine,
  type Meal,
} from './data/cuisines.ts';
import { BONUS_OFFERS, CAMPAIGNS, PLAIN_TAGS } from './data/offers.ts';
import { createRng, type Rng } from './data/random.ts';
import { seedMerchantDetails } from './merchant-details.ts';

export type MerchantHighlight = 'acclaimed' | 'comingSoon' | 'leavingSoon' | 'new' | 'limitedTime' | 'orderExternal' | 'orderInternal';
export type MerchantFeature = 'delivery' | 'dineIn' | 'takeout' | 'onlineOrdering';

export interface MerchantSeed {
  id: string;
  name: string;
  cuisines: Cuisine[];
  priceRange: number;
  rating: number;
  ratingCount: number;
  highlight: MerchantHighlight | null;
  acclaimedLevel: number;
  campaignCodes: string[];
  latitude: number;
  longitude: number;
  address1: string;
  city: string;
  state: string;
  zipCode: string;
  neighborhood: string;
  description: string;
  features: MerchantFeature[];
  mealsServed: Meal[];
  offerType: 'Unlimited' | 'Limited';
  bonusText: string | null;
  offerTag: string | null;
  openTableId: string | null;
  isNew: boolean;
  /** Which demo city it belongs to. */
  cityKey: CityPlan['key'];
}

const SEED = 20260401;
const FIRST_ID = 10001;

/** Neighbourhoods known for a cuisine get more of it. */
const NEIGHBORHOOD_BOOSTS: Readonly<Record<string, Partial<Record<Cuisine, number>>>> = {
  Chinatown: { Chinese: 40, 'Dim Sum': 25, Vietnamese: 6 },
  Koreatown: { Korean: 45 },
  'Little Italy': { Italian: 40, Pizza: 12 },
  'North Beach': { Italian: 25, Pizza: 8 },
  Japantown: { Japanese: 20, Sushi: 15, Ramen: 12 },
  Pilsen: { Mexican: 35, 'Latin American': 8 },
  'Mission District': { Mexican: 20, 'Latin American': 6 },
  Astoria: { Greek: 25, 'Middle Eastern': 6 },
  'Inner Richmond': { Chinese: 10, 'Dim Sum': 8, Korean: 6 },
  'East Village': { Ramen: 8, Japanese: 5 },
  'Fulton Market': { Steakhouse: 6, American: 5 },
  'Financial District': { Steakhouse: 6, Seafood: 4 },
};

/** Neighbourhoods that read with an article in a sentence ("in the East Village"). */
const WITH_ARTICLE = new Set([
  'Theater District',
  'East Village',
  'West Village',
  'Financial District',
  'Upper West Side',
  'Upper East Side',
  'Lower East Side',
  'West Loop',
  'South Loop',
  'Gold Coast',
  'Mission District',
  'Marina',
  'Castro',
  'Tenderloin',
  'Embarcadero',
  'Flatiron',
]);

const inPlace = (hood: string) => (WITH_ARTICLE.has(hood) ? `the ${hood}` : hood);

const EARTH_MILES = 3958.8;

export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_MILES * Math.asin(Math.sqrt(h));
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function pickCuisines(rng: Rng, hood: Neighborhood): Cuisine[] {
  const boosts = NEIGHBORHOOD_BOOSTS[hood.name] ?? {};
  const primary = rng.weighted(CUISINES.map((c) => [c, CUISINE_PROFILES[c].weight + (boosts[c] ?? 0)] as const));
  const extra = rng.weighted([
    [0, 45],
    [1, 40],
    [2, 15],
  ] as const);
  const pairs = rng.sample(CUISINE_PROFILES[primary].pairs, extra);
  return [primary, ...pairs];
}

function fill(pattern: string, rng: Rng, words: readonly string[]): string {
  return pattern
    .replace('{w}', rng.pick(words))
    .replace('{s}', rng.pick(NAME_SURNAMES))
    .replace('{a}', rng.pick(GENERIC_ADJECTIVES))
    .replace('{n}', rng.pick(GENERIC_NOUNS))
    .replace('{n}', rng.pick(GENERIC_NOUNS));
}

function makeName(rng: Rng, cuisine: Cuisine, hood: Neighborhood, used: Set<string>): string {
  const profile = CUISINE_PROFILES[cuisine];
  for (let attempt = 0; attempt < 40; attempt++) {
    const name = fill(rng.pick(profile.patterns), rng, profile.words);
    const words = name
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w !== '&');
    if (new Set(words).size !== words.length) continue; // "Fox & Fox", "Thai Basil Thai Kitchen"
    if (!used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
  }
  // A popular name: the second location carries its neighbourhood, as real restaurant groups do.
  const base = fill(rng.pick(profile.patterns), rng, profile.words);
  const name = `${base} ${hood.name}`;
  used.add(name.toLowerCase());
  return name;
}

function pickMeals(rng: Rng, cuisine: Cuisine): Meal[] {
  const profile = CUISINE_PROFILES[cuisine];
  const meals = new Set<Meal>();
  profile.meals.forEach((meal, i) => {
    // The main meal (listed last) is always served.
    if (i === profile.meals.length - 1 || rng.chance(0.85)) meals.add(meal);
  });
  if (cuisine === 'American' && rng.chance(0.15)) meals.add('breakfast');
  if (rng.chance(profile.lateNight)) meals.add('lateNight');
  const order: Meal[] = ['breakfast', 'brunch', 'lunch', 'dinner', 'lateNight'];
  return order.filter((m) => meals.has(m));
}

function pickHighlight(rng: Rng, acclaimedLevel: number, isNew: boolean): MerchantHighlight | null {
  if (acclaimedLevel > 0 && rng.chance(0.45)) return 'acclaimed';
  if (isNew && rng.chance(0.6)) return 'new';
  return rng.weighted<MerchantHighlight | null>([
    [null, 84],
    ['comingSoon', 3],
    ['leavingSoon', 2],
    ['limitedTime', 4],
    ['orderExternal', 3],
    ['orderInternal', 4],
  ]);
}

function makeMerchant(rng: Rng, plan: CityPlan, id: string, usedNames: Set<string>): MerchantSeed {
  const hood = rng.weighted(plan.neighborhoods.map((n) => [n, n.weight] as const));
  let lat = hood.lat;
  let lng = hood.lng;
  for (let attempt = 0; attempt < 20; attempt++) {
    const lngScale = 1 / Math.cos((hood.lat * Math.PI) / 180);
    lat = hood.lat + rng.normal(0, plan.jitter);
    lng = hood.lng + rng.normal(0, plan.jitter * lngScale);
    if (milesBetween(plan.center, { lat, lng }) <= plan.maxMiles) break;
  }
  const cuisines = pickCuisines(rng, hood);
  const primary = cuisines[0] as Cuisine;
  const profile = CUISINE_PROFILES[primary];

  const acclaimedLevel = rng.weighted([
    [0, 86 - profile.price * 2],
    [1, 8 + profile.price * 1.5],
    [2, 3 + profile.price * 0.5],
  ] as const);
  const isNew = rng.chance(0.1);
  const highlight = pickHighlight(rng, acclaimedLevel, isNew);
  const priceRange = rng.chance(0.02)
    ? 0
    : clamp(
        profile.price +
          rng.weighted([
            [-1, 20],
            [0, 60],
            [1, 20],
          ] as const),
        1,
        4,
      );
  const rating = round(clamp(acclaimedLevel > 0 ? rng.normal(4.5, 0.25) : rng.normal(4.05, 0.45), 2.5, 5), 1);
  const ratingCount = Math.round(Math.exp(Math.log(6) + rng.next() * (Math.log(2800) - Math.log(6))));

  const casual = primary === 'Café' || primary === 'Bakery';
  const features: MerchantFeature[] = [];
  if (rng.chance(0.45)) features.push('delivery');
  if (rng.chance(casual ? 0.6 : 0.93)) features.push('dineIn');
  if (rng.chance(casual ? 0.95 : 0.7)) features.push('takeout');
  if (highlight === 'orderExternal' || highlight === 'orderInternal' || rng.chance(0.3)) features.push('onlineOrdering');
  if (!features.includes('dineIn') && !features.includes('takeout')) features.push('takeout');

  const mealsServed = pickMeals(rng, primary);
  const campaignCodes = CAMPAIGNS.filter(([code, share]) => rng.chance(code === 'VIPBONUS' && acclaimedLevel > 0 ? share * 3 : share)).map(
    ([code]) => code,
  );

  let bonusText: string | null = null;
  let offerTag: string | null = null;
  if (rng.chance(0.35)) {
    const offer = rng.pick(BONUS_OFFERS.filter((o) => !o.meal || mealsServed.includes(o.meal)));
    bonusText = offer.text;
    offerTag = offer.tag;
  } else if (rng.chance(0.12)) {
    offerTag = rng.pick(PLAIN_TAGS);
  }

  const bookable = !casual && primary !== 'Pizza' && primary !== 'Burgers';
  const openTableId = rng.chance(bookable ? 0.5 : 0.05) ? String(rng.int(100000, 999999)) : null;

  const name = makeName(rng, primary, hood, usedNames);
  const dishes = rng.sample(profile.dishes, 3);
  const template = rng.pick(DESCRIPTION_OPENERS);
  // "A cozy East Village hideaway" needs no article; "in the East Village" does.
  const place = template.includes('in {neighborhood}') ? inPlace(hood.name) : hood.name;
  const opener = template.replace('{cuisine}', CUISINE_ADJECTIVE[primary]).replace('{neighborhood}', place);
  const closer = rng.pick(DESCRIPTION_CLOSERS);
  const description = `${opener} serving ${dishes.slice(0, -1).join(', ')} and ${dishes.at(-1) ?? ''}.${closer ? ` ${closer}` : ''}`;

  return {
    id,
    name,
    cuisines,
    priceRange,
    rating,
    ratingCount,
    highlight,
    acclaimedLevel,
    campaignCodes,
    latitude: round(lat, 6),
    longitude: round(lng, 6),
    address1: `${rng.int(2, 640)} ${rng.pick(hood.streets)}`,
    city: hood.city,
    state: plan.state,
    zipCode: rng.pick(hood.zips),
    neighborhood: hood.name,
    description,
    features,
    mealsServed,
    offerType: rng.chance(0.2) ? 'Limited' : 'Unlimited',
    bonusText,
    offerTag,
    openTableId,
    isNew,
    cityKey: plan.key,
  };
}

/** The demo merchants, the same on every call. */
export function generateMerchants(): MerchantSeed[] {
  const rng = createRng(SEED);
  const usedNames = new Set<string>();
  const merchants: MerchantSeed[] = [];
  for (const plan of CITY_PLANS) {
    for (let i = 0; i < plan.count; i++) {
      merchants.push(makeMerchant(rng, plan, String(FIRST_ID + merchants.length), usedNames));
    }
  }
  return merchants;
}

// Array columns travel as '|'-joined text: unnest() would flatten a two-dimensional array.
const join = (values: readonly string[]) => values.join('|');

/** Inserts the merchants with one statement (row by row is about 40 times slower on PGlite). */
export async function insertMerchants(db: Queryable, merchants: readonly MerchantSeed[]): Promise<void> {
  const col = <T>(pick: (m: MerchantSeed) => T): T[] => merchants.map(pick);
  await db.query(
    `insert into merchants (id, name, cuisines, price_range, rating, rating_count, highlight, acclaimed_level,
        campaign_codes, latitude, longitude, address1, city, state, zip_code, neighborhood, description,
        features, meals_served, offer_type, bonus_text, offer_tag, open_table_id, is_new)
     select id, name, string_to_array(cuisines, '|'), price_range, rating::numeric(2, 1), rating_count, highlight,
        acclaimed_level, string_to_array(campaign_codes, '|'), latitude, longitude, address1, city, state, zip_code,
        neighborhood, description, string_to_array(features, '|'), string_to_array(meals_served, '|'), offer_type,
        bonus_text, offer_tag, open_table_id, is_new
       from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::float8[], $6::int[], $7::text[], $8::int[],
        $9::text[], $10::float8[], $11::float8[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[],
        $17::text[], $18::text[], $19::text[], $20::text[], $21::text[], $22::text[], $23::text[], $24::bool[])
         as t(id, name, cuisines, price_range, rating, rating_count, highlight, acclaimed_level, campaign_codes,
        latitude, longitude, address1, city, state, zip_code, neighborhood, description, features, meals_served,
        offer_type, bonus_text, offer_tag, open_table_id, is_new)`,
    [
      col((m) => m.id),
      col((m) => m.name),
      col((m) => join(m.cuisines)),
      col((m) => m.priceRange),
      col((m) => m.rating),
      col((m) => m.ratingCount),
      col((m) => m.highlight),
      col((m) => m.acclaimedLevel),
      col((m) => join(m.campaignCodes)),
      col((m) => m.latitude),
      col((m) => m.longitude),
      col((m) => m.address1),
      col((m) => m.city),
      col((m) => m.state),
      col((m) => m.zipCode),
      col((m) => m.neighborhood),
      col((m) => m.description),
      col((m) => join(m.features)),
      col((m) => join(m.mealsServed)),
      col((m) => m.offerType),
      col((m) => m.bonusText),
      col((m) => m.offerTag),
      col((m) => m.openTableId),
      col((m) => m.isNew),
    ],
  );
}

export async function seedMerchants(db: Queryable): Promise<void> {
  const merchants = generateMerchants();
  await insertMerchants(db, merchants);
  await seedMerchantDetails(db, merchants);
  // The search's plan depends on the planner knowing where merchants are; PGlite has no autovacuum
  // to gather that after a bulk insert.
  await db.exec('analyze merchants');
}
