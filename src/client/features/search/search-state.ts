// Every search input lives in the URL (so back/forward restore a search and a link shares it):
// this pure module turns a query string into the page's search state and back. It reads the same
// parameters the API takes (spec 001 §3 "Search request"), so a carousel's "View all" query
// ("isNew=true", "priceRange=3,4&sortBy=rating", "features=takeout") opens the same search here.
// Values the page cannot offer are dropped rather than failing the page (the API answers 400 for
// them; a hand-edited link should still show restaurants).
import { isCurrentLocationValue } from '#shared/current-location.ts';
import {
  PRICE_LEVELS,
  SEARCH_FEATURES,
  SEARCH_MEALS,
  SEARCH_SORTS,
  type SearchFeature,
  type SearchMeal,
  type SearchSort,
} from '#shared/search-filters.ts';

export interface SearchState {
  /** A place as typed (city, ZIP, "lat,lng"); null = the visitor's current location. */
  location: string | null;
  restaurantOrCuisine: string;
  acclaimed: boolean;
  isNew: boolean;
  /** Any value filters to merchants with a bonus offer (the API ignores the value itself). */
  benefitsFor: string | null;
  reservations: boolean;
  priceRange: number[];
  features: SearchFeature[];
  mealsServed: SearchMeal[];
  /** null = the API's default (distance). */
  sortBy: SearchSort | null;
  pageNo: number;
  /** Radius in miles; set by "search this area" and some carousel queries. */
  distance: number | null;
  campaignCode: string | null;
}

/** Every filter off (what "Clear all" leaves). */
const NO_FILTERS = {
  acclaimed: false,
  isNew: false,
  benefitsFor: null,
  reservations: false,
  priceRange: [],
  features: [],
  mealsServed: [],
} as const satisfies Partial<SearchState>;

export const EMPTY_SEARCH: SearchState = {
  location: null,
  restaurantOrCuisine: '',
  ...NO_FILTERS,
  sortBy: null,
  pageNo: 1,
  distance: null,
  campaignCode: null,
};

/** What the page writes for the current location, so a shared link says what it means. */
export const CURRENT_LOCATION_PARAM = 'Current Location';

export { isCurrentLocationValue };

const COORDINATES = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** "lat,lng" as coordinates, or null for a place name. */
export function parseCoordinates(value: string | null): { latitude: number; longitude: number } | null {
  const match = value === null ? null : COORDINATES.exec(value);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

function listOf<T extends string>(raw: string | null, known: readonly T[]): T[] {
  if (!raw) return [];
  const byName = new Map<string, T>(known.map((k) => [normalise(k), k]));
  // The API's aliases (spec: "dine-in", "online ordering"; the server also takes "takeaway").
  if (known.includes('takeout' as T)) byName.set('takeaway', 'takeout' as T);
  const out: T[] = [];
  for (const item of raw.split(',')) {
    const value = byName.get(normalise(item));
    if (value && !out.includes(value)) out.push(value);
  }
  // Canonical order, so equal searches make equal URLs (and share one cache entry).
  return known.filter((k) => out.includes(k));
}

const isTrue = (raw: string | null) => raw !== null && /^(true|1|yes)$/i.test(raw.trim());

function clampText(raw: string | null, max: number): string {
  return (raw ?? '').trim().slice(0, max);
}

export function parseSearchState(input: URLSearchParams | string): SearchState {
  const params = typeof input === 'string' ? new URLSearchParams(input.replace(/^\?/, '')) : input;
  const rawLocation = params.get('location');
  const sort = params.get('sortBy');
  const page = Number(params.get('pageNo'));
  const distance = Number(params.get('distance'));
  const benefits = params.get('benefitsFor');
  const campaign = clampText(params.get('campaignCode'), 60);
  return {
    location: isCurrentLocationValue(rawLocation) ? null : clampText(rawLocation, 200),
    restaurantOrCuisine: clampText(params.get('restaurantOrCuisine'), 100),
    acclaimed: isTrue(params.get('acclaimed')),
    isNew: isTrue(params.get('isNew')),
    benefitsFor: benefits !== null && benefits.trim() !== '' ? clampText(benefits, 40) : null,
    reservations: isTrue(params.get('reservations')),
    priceRange: (params.get('priceRange') ?? '')
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n, i, all): n is (typeof PRICE_LEVELS)[number] => (PRICE_LEVELS as readonly number[]).includes(n) && all.indexOf(n) === i)
      .sort((a, b) => a - b),
    features: listOf(params.get('features'), SEARCH_FEATURES),
    mealsServed: listOf(params.get('mealsServed'), SEARCH_MEALS),
    sortBy: (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : null,
    pageNo: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
    distance: Number.isFinite(distance) && distance > 0 && distance <= 500 ? distance : null,
    campaignCode: campaign === '' ? null : campaign,
  };
}

/**
 * The canonical query string of a state: defaults left out, fixed order. `location` is written only
 * for a place (the current location is the default, so carousels' links stay short).
 */
export function toSearchParams(state: SearchState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.location !== null && !isCurrentLocationValue(state.location)) out.set('location', state.location);
  if (state.restaurantOrCuisine.trim()) out.set('restaurantOrCuisine', state.restaurantOrCuisine.trim());
  if (state.acclaimed) out.set('acclaimed', 'true');
  if (state.isNew) out.set('isNew', 'true');
  if (state.benefitsFor) out.set('benefitsFor', state.benefitsFor);
  if (state.reservations) out.set('reservations', 'true');
  if (state.priceRange.length) out.set('priceRange', [...state.priceRange].sort((a, b) => a - b).join(','));
  if (state.features.length) out.set('features', SEARCH_FEATURES.filter((f) => state.features.includes(f)).join(','));
  if (state.mealsServed.length) out.set('mealsServed', SEARCH_MEALS.filter((m) => state.mealsServed.includes(m)).join(','));
  if (state.sortBy) out.set('sortBy', state.sortBy);
  if (state.distance !== null) out.set('distance', String(state.distance));
  if (state.campaignCode) out.set('campaignCode', state.campaignCode);
  if (state.pageNo > 1) out.set('pageNo', String(state.pageNo));
  return out;
}

export function searchQueryString(state: SearchState): string {
  return toSearchParams(state).toString();
}

/**
 * A change to the search: any change but the page number starts again at page 1, and a new place
 * drops the radius "search this area" set (the default radius fits a typed place).
 */
export function applyChange(state: SearchState, change: Partial<SearchState>): SearchState {
  const next = { ...state, ...change };
  if (change.pageNo === undefined) next.pageNo = 1;
  if (change.location !== undefined && change.distance === undefined && change.location !== state.location) next.distance = null;
  return next;
}

/** The filters shown as removable chips (everything but place, text, sort and page). */
export type ActiveFilter =
  | { kind: 'acclaimed' | 'isNew' | 'benefitsFor' | 'reservations' }
  | { kind: 'priceRange'; value: number }
  | { kind: 'features'; value: SearchFeature }
  | { kind: 'mealsServed'; value: SearchMeal };

export function activeFilters(state: SearchState): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  if (state.acclaimed) out.push({ kind: 'acclaimed' });
  if (state.isNew) out.push({ kind: 'isNew' });
  if (state.benefitsFor) out.push({ kind: 'benefitsFor' });
  if (state.reservations) out.push({ kind: 'reservations' });
  for (const value of state.priceRange) out.push({ kind: 'priceRange', value });
  for (const value of state.features) out.push({ kind: 'features', value });
  for (const value of state.mealsServed) out.push({ kind: 'mealsServed', value });
  return out;
}

export function withoutFilter(state: SearchState, filter: ActiveFilter): SearchState {
  switch (filter.kind) {
    case 'acclaimed':
    case 'isNew':
    case 'reservations':
      return applyChange(state, { [filter.kind]: false });
    case 'benefitsFor':
      return applyChange(state, { benefitsFor: null });
    case 'priceRange':
      return applyChange(state, { priceRange: state.priceRange.filter((p) => p !== filter.value) });
    case 'features':
      return applyChange(state, { features: state.features.filter((f) => f !== filter.value) });
    case 'mealsServed':
      return applyChange(state, { mealsServed: state.mealsServed.filter((m) => m !== filter.value) });
  }
}

export function withoutAllFilters(state: SearchState): SearchState {
  return applyChange(state, NO_FILTERS);
}

/** Whether the query string asks for anything at all (an empty /search may restore the last search). */
export function isEmptyQuery(params: URLSearchParams): boolean {
  return searchQueryString(parseSearchState(params)) === '' && !params.has('location');
}
