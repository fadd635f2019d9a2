// Demo merchant detail (spec 001 §2 "Merchant detail"): phone, website, hours, menu, reviews, events,
// offer terms and ordering for every demo merchant. Each merchant's detail comes from a generator
// seeded with its id, so it is the same on every machine and does not shift when merchants are added.
// Some merchants lack a phone, website, menu, events, ordering or reviews, so every "not shown" state
// of the detail page has demo data.
import type { Queryable } from '../db/index.ts';
import type { MerchantSeed } from './merchants.ts';
import { createRng, hashString, type Rng } from './data/random.ts';

export interface OpeningHours {
  /** 0 = Sunday. */
  day: number;
  open: string;
  close: string;
}

export interface MenuSeed {
  images?: string[];
  url?: string;
}

export interface EventSeed {
  id: string;
  title: string;
  date: string;
  time: string;
  description: string;
}

export interface OfferTerms {
  offerType: 'Unlimited' | 'Limited';
  maxSpendPerMonth: number | null;
  maxVisitsPerMonth: number | null;
  /** Partner-currency units per dollar, by earning tier; a bonus line where one applies. */
  tiers: { tier: 0 | 2 | 3; earnRate: number; bonusText: string | null }[];
}

export interface OrderingSeed {
  internal: boolean;
  externalUrl: string | null;
  providers: { name: string; url: string }[];
}

export interface ReviewSeed {
  seq: number;
  author: string;
  rating: number;
  reviewedOn: string;
  body: string;
}

export interface MerchantDetailSeed {
  merchantId: string;
  phone: string | null;
  website: string | null;
  hours: OpeningHours[] | null;
  photoCount: number;
  menu: MenuSeed | null;
  events: EventSeed[];
  offerTerms: OfferTerms;
  ordering: OrderingSeed | null;
  minParty: number;
  maxParty: number;
  /** Counts of 1..5-star ratings, summing to the merchant's number of ratings. */
  distribution: [number, number, number, number, number];
  reviews: ReviewSeed[];
}

const FIRST_NAMES = [
  'Ava',
  'Ben',
  'Chloe',
  'Daniel',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Isabel',
  'Jamal',
  'Kira',
  'Luis',
  'Maya',
  'Noah',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tomas',
  'Uma',
  'Victor',
  'Wen',
  'Yara',
  'Zoe',
];
const LAST_INITIALS = 'ABCDEFGHJKLMNPRSTVW';

const REVIEW_LINES: Readonly<Record<number, readonly string[]>> = {
  5: [
    'Everything we ordered was excellent, and the staff made the evening feel special.',
    'One of the best meals I have had this year. Already planning the next visit.',
    'Warm service, generous portions and a dessert worth the trip alone.',
    'Perfect for a date night: great room, great wine list, no rush.',
  ],
  4: [
    'Really good food and friendly staff; it got loud later in the evening.',
    'Solid favourites done well. The specials are worth asking about.',
    'Great flavours and fair prices. Service slowed down when it got busy.',
  ],
  3: [
    'Good, not memorable. The mains were better than the starters.',
    'Nice spot for a quick bite; the menu could use a few more options.',
    'Decent meal, but we waited a while for a table despite the booking.',
  ],
  2: ['The food arrived lukewarm and the room was very noisy.', 'Portions were small for the price. Staff were polite, though.'],
  1: ['Long wait, a mixed-up order and nobody checked on us.', 'Not what we hoped: the dishes were bland and over-salted.'],
};

const EVENT_IDEAS: readonly { title: string; description: string; time: string }[] = [
  {
    title: 'Chef’s tasting night',
    description: 'A five-course tasting menu with optional wine pairings. Booking recommended.',
    time: '19:00',
  },
  { title: 'Live jazz', description: 'A local trio plays two sets in the dining room. No cover charge.', time: '20:00' },
  { title: 'Wine dinner', description: 'Four courses paired with wines from a guest winemaker.', time: '18:30' },
  { title: 'Cooking class', description: 'Learn two house favourites from the kitchen team, then sit down to eat them.', time: '11:00' },
  { title: 'Happy hour social', description: 'Half-price small plates and drinks at the bar.', time: '16:00' },
  { title: 'Holiday prix fixe', description: 'A seasonal three-course menu available for one night only.', time: '17:30' },
];

/** Area codes by state, so a restaurant's phone number belongs to its city. */
const AREA_CODES: Readonly<Record<string, readonly string[]>> = {
  NY: ['212', '646', '718', '917'],
  IL: ['312', '773', '872'],
  CA: ['415', '628'],
};

const ORDER_PROVIDERS = ['DoorDash', 'Uber Eats', 'Grubhub', 'Caviar'] as const;

const MEAL_HOURS: Readonly<Record<string, readonly [string, string]>> = {
  breakfast: ['07:00', '11:00'],
  brunch: ['10:00', '15:00'],
  lunch: ['11:30', '15:00'],
  dinner: ['17:00', '22:00'],
  lateNight: ['21:00', '02:00'],
};

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function makeHours(rng: Rng, merchant: MerchantSeed): OpeningHours[] | null {
  if (rng.chance(0.08)) return null;
  const meals = merchant.mealsServed.length ? merchant.mealsServed : ['dinner'];
  const spans = meals.map((meal) => MEAL_HOURS[meal] ?? ['17:00', '22:00']);
  const open = spans.map((s) => s[0]).sort()[0] ?? '17:00';
  // Late-night closing times past midnight sort below the others: take them first.
  const late = spans.map((s) => s[1]).find((c) => c < '05:00');
  const close =
    late ??
    spans
      .map((s) => s[1])
      .sort()
      .at(-1) ??
    '22:00';
  const closedDay = rng.chance(0.45) ? rng.pick([0, 1, 2]) : null;
  const hours: OpeningHours[] = [];
  for (let day = 0; day < 7; day++) {
    if (day === closedDay) continue;
    const weekend = day === 5 || day === 6;
    hours.push({ day, open, close: weekend && close === '22:00' ? '23:00' : close });
  }
  return hours;
}

function makeDistribution(rng: Rng, rating: number, count: number): [number, number, number, number, number] {
  // Weights peaked at the rating, then scaled to the count, the remainder added at the nearest star.
  const weights = [1, 2, 3, 4, 5].map((star) => Math.exp(-((star - rating) ** 2) / 0.9) * (0.85 + rng.next() * 0.3));
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((w / total) * count));
  const nearest = Math.min(4, Math.max(0, Math.round(rating) - 1));
  counts[nearest] = (counts[nearest] ?? 0) + count - counts.reduce((a, b) => a + b, 0);
  return counts as [number, number, number, number, number];
}

function makeReviews(rng: Rng, distribution: readonly number[], now: number): ReviewSeed[] {
  const total = distribution.reduce((a, b) => a + b, 0);
  if (total === 0 || rng.chance(0.07)) return [];
  const n = Math.min(total, rng.int(3, 24));
  const stars = distribution.flatMap((c, i) => [[i + 1, c] as const]);
  const reviews: ReviewSeed[] = [];
  let daysAgo = rng.int(1, 6);
  for (let seq = 1; seq <= n; seq++) {
    const rating = rng.weighted(stars);
    reviews.push({
      seq,
      author: `${rng.pick(FIRST_NAMES)} ${LAST_INITIALS[rng.int(0, LAST_INITIALS.length - 1)]}.`,
      rating,
      reviewedOn: isoDay(now - daysAgo * DAY_MS),
      body: rng.pick(REVIEW_LINES[rating] ?? REVIEW_LINES[3] ?? []),
    });
    daysAgo += rng.int(2, 20);
  }
  return reviews;
}

/** One merchant's detail; `now` anchors review and event dates (events are upcoming, reviews past). */
export function generateMerchantDetail(merchant: MerchantSeed, now = Date.now()): MerchantDetailSeed {
  const rng = createRng(hashString(`detail:${merchant.id}`));
  const site = slug(merchant.name);
  const phone = rng.chance(0.85)
    ? `${rng.pick(AREA_CODES[merchant.state] ?? ['212'])}${rng.int(2, 9)}${String(rng.int(0, 999999)).padStart(6, '0')}`
    : null;
  const website = rng.chance(0.7) ? `https://www.${site}.example` : null;
  const menuKind = rng.weighted([
    ['images', 50],
    ['url', 30],
    ['none', 20],
  ] as const);
  const menu: MenuSeed | null =
    menuKind === 'images'
      ? { images: ['menu1', 'menu2', 'menu3'].slice(0, rng.int(1, 3)).map((v) => `/media/merchants/${merchant.id}/${v}.svg`) }
      : menuKind === 'url'
        ? { url: `https://www.${site}.example/menu` }
        : null;
  const events: EventSeed[] = rng.chance(0.35)
    ? rng.sample(EVENT_IDEAS, rng.int(1, 3)).map((idea, i) => ({
        id: `${merchant.id}-e${i + 1}`,
        title: idea.title,
        description: idea.description,
        time: idea.time,
        date: isoDay(now + rng.int(3 + i * 10, 12 + i * 14) * DAY_MS),
      }))
    : [];
  events.sort((a, b) => a.date.localeCompare(b.date));
  const limited = merchant.offerType === 'Limited';
  const vipOnlyBonus = merchant.campaignCodes.includes('VIPBONUS') && merchant.campaignCodes.length === 1;
  const offerTerms: OfferTerms = {
    offerType: merchant.offerType,
    maxSpendPerMonth: limited ? rng.pick([100, 150, 200, 250]) : null,
    maxVisitsPerMonth: limited ? rng.pick([1, 2, 4]) : null,
    tiers: [
      { tier: 0, earnRate: 0.5, bonusText: vipOnlyBonus ? null : merchant.bonusText },
      { tier: 2, earnRate: 3, bonusText: vipOnlyBonus ? null : merchant.bonusText },
      { tier: 3, earnRate: 5, bonusText: merchant.bonusText },
    ],
  };
  const orders =
    merchant.features.includes('onlineOrdering') || merchant.highlight === 'orderInternal' || merchant.highlight === 'orderExternal';
  let ordering: OrderingSeed | null = null;
  if (orders) {
    const internal = merchant.highlight === 'orderInternal' || (merchant.highlight !== 'orderExternal' && rng.chance(0.5));
    const providers = merchant.features.includes('delivery')
      ? rng.sample(ORDER_PROVIDERS, rng.int(1, 3)).map((name) => ({ name, url: `https://order.${slug(name)}.example/store/${site}` }))
      : [];
    ordering = { internal, externalUrl: internal && rng.chance(0.5) ? null : `https://www.${site}.example/order`, providers };
  }
  const distribution = makeDistribution(rng, merchant.rating, merchant.ratingCount);
  return {
    merchantId: merchant.id,
    phone,
    website,
    hours: makeHours(rng, merchant),
    photoCount: rng.chance(0.1) ? 0 : 1,
    menu,
    events,
    offerTerms,
    ordering,
    // Korean barbecue grill tables seat two or more: those merchants refuse a party of one (the
    // widget's "too small" state). Read from the cuisine, not drawn, so every other value stays put.
    minParty: merchant.cuisines.includes('Korean') ? 2 : 1,
    maxParty: rng.pick([6, 8, 10, 12]),
    distribution,
    reviews: makeReviews(rng, distribution, now),
  };
}

/** Writes every merchant's detail and reviews: two statements, whatever the number of merchants. */
export async function insertMerchantDetails(db: Queryable, details: readonly MerchantDetailSeed[]): Promise<void> {
  const col = <T>(pick: (d: MerchantDetailSeed) => T): T[] => details.map(pick);
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  await db.query(
    `insert into merchant_details (merchant_id, phone, website, hours, photo_count, menu, events, offer_terms, ordering,
        min_party, max_party, rating_distribution)
     select merchant_id, phone, website, hours::jsonb, photo_count, menu::jsonb, events::jsonb, offer_terms::jsonb,
        ordering::jsonb, min_party, max_party, string_to_array(rating_distribution, '|')::int[]
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[],
        $9::text[], $10::int[], $11::int[], $12::text[])
         as t(merchant_id, phone, website, hours, photo_count, menu, events, offer_terms, ordering, min_party, max_party,
        rating_distribution)`,
    [
      col((d) => d.merchantId),
      col((d) => d.phone),
      col((d) => d.website),
      col((d) => json(d.hours)),
      col((d) => d.photoCount),
      col((d) => json(d.menu)),
      col((d) => JSON.stringify(d.events)),
      col((d) => JSON.stringify(d.offerTerms)),
      col((d) => json(d.ordering)),
      col((d) => d.minParty),
      col((d) => d.maxParty),
      col((d) => d.distribution.join('|')),
    ],
  );
  const reviews = details.flatMap((d) => d.reviews.map((r) => ({ ...r, merchantId: d.merchantId })));
  const rcol = <T>(pick: (r: (typeof reviews)[number]) => T): T[] => reviews.map(pick);
  await db.query(
    `insert into merchant_reviews (merchant_id, seq, author, rating, reviewed_on, body)
     select * from unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::date[], $6::text[])`,
    [
      rcol((r) => r.merchantId),
      rcol((r) => r.seq),
      rcol((r) => r.author),
      rcol((r) => r.rating),
      rcol((r) => r.reviewedOn),
      rcol((r) => r.body),
    ],
  );
}

export async function seedMerchantDetails(db: Queryable, merchants: readonly MerchantSeed[], now = Date.now()): Promise<void> {
  await insertMerchantDetails(
    db,
    merchants.map((m) => generateMerchantDetail(m, now)),
  );
}
