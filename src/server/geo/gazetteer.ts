// The US gazetteer: every ZIP code and city with coordinates, from the maintained `zipcodes` data
// package (US Census ZCTA centroids; its Canadian postal codes are left out). Search places and the
// profile's ZIP check both read it, so they always agree on what a US ZIP is.
import { createRequire } from 'node:module';
import type Zipcodes from 'zipcodes';

let data: typeof Zipcodes | null = null;
// Loaded on first use, not at start: reading its 40,000 codes was half a second of the server's
// start on a loaded machine, and memory a process that never searches or checks a ZIP keeps for nothing.
const zipcodes = (): typeof Zipcodes => (data ??= createRequire(import.meta.url)('zipcodes') as typeof Zipcodes);

export interface Place {
  latitude: number;
  longitude: number;
  /** "New York, NY 10036" for a ZIP, "Chicago, IL" for a city. */
  label: string;
}

interface CityEntry {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  /** ZIP codes in the city: the city with the most wins when a name exists in several states. */
  zips: number;
}

// Common names for the demo cities' centres (Times Square is the spec's default location).
const ALIASES: Record<string, Place> = {
  'new york': { latitude: 40.7577, longitude: -73.9857, label: 'New York, NY' },
  'new york city': { latitude: 40.7577, longitude: -73.9857, label: 'New York, NY' },
  nyc: { latitude: 40.7577, longitude: -73.9857, label: 'New York, NY' },
  manhattan: { latitude: 40.7577, longitude: -73.9857, label: 'New York, NY' },
  'times square': { latitude: 40.7577, longitude: -73.9857, label: 'New York, NY' },
  midtown: { latitude: 40.7549, longitude: -73.984, label: 'New York, NY' },
  brooklyn: { latitude: 40.7081, longitude: -73.9571, label: 'Brooklyn, NY' },
  williamsburg: { latitude: 40.7081, longitude: -73.9571, label: 'Brooklyn, NY' },
  chicago: { latitude: 41.8781, longitude: -87.6298, label: 'Chicago, IL' },
  'the loop': { latitude: 41.8781, longitude: -87.6298, label: 'Chicago, IL' },
  'san francisco': { latitude: 37.7749, longitude: -122.4194, label: 'San Francisco, CA' },
  sf: { latitude: 37.7749, longitude: -122.4194, label: 'San Francisco, CA' },
  'san fran': { latitude: 37.7749, longitude: -122.4194, label: 'San Francisco, CA' },
};

/** The alias a text names; own keys only ("constructor", "__proto__" are no place). */
function aliasOf(text: string): Place | null {
  const name = key(text);
  return Object.hasOwn(ALIASES, name) ? ALIASES[name]! : null;
}

let cities: Map<string, CityEntry[]> | null = null;

const key = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.']/g, '')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\s+/g, ' ')
    .trim();

/** City name -> the cities of that name (one per state), centroids averaged over their ZIPs. Built once, lazily. */
function cityIndex(): Map<string, CityEntry[]> {
  if (cities) return cities;
  const sums = new Map<string, { city: string; state: string; lat: number; lng: number; n: number }>();
  for (const code of Object.values(zipcodes().codes)) {
    if (code.country !== 'US') continue;
    const id = `${key(code.city)}|${code.state}`;
    const sum = sums.get(id) ?? { city: code.city, state: code.state, lat: 0, lng: 0, n: 0 };
    sum.lat += code.latitude;
    sum.lng += code.longitude;
    sum.n += 1;
    sums.set(id, sum);
  }
  cities = new Map();
  for (const s of sums.values()) {
    const entry: CityEntry = { city: s.city, state: s.state, latitude: s.lat / s.n, longitude: s.lng / s.n, zips: s.n };
    const list = cities.get(key(s.city)) ?? [];
    list.push(entry);
    cities.set(key(s.city), list);
  }
  for (const list of cities.values()) list.sort((a, b) => b.zips - a.zips);
  return cities;
}

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

/** A five-digit US ZIP code, or null when it is not one. */
export function lookupZip(zip: string): Place | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const code = zipcodes().codes[zip];
  if (!code || code.country !== 'US') return null;
  return { latitude: code.latitude, longitude: code.longitude, label: `${code.city}, ${code.state} ${code.zip}` };
}

export const isUsZip = (zip: string): boolean => lookupZip(zip) !== null;

/** Two-letter code for a state written either way ("IL", "Illinois"), or null. */
function stateCode(text: string): string | null {
  const upper = text.trim().toUpperCase();
  if (zipcodes().states.abbr[upper]) return upper;
  return zipcodes().states.full[upper] ?? null;
}

/**
 * A place a person types: a ZIP ("10036", "10036-1234", "New York, NY 10036"), a city with or
 * without its state ("Chicago", "Chicago, IL", "Austin Texas"), or a common name ("NYC"). Null
 * when nothing matches.
 */
export function lookupPlace(text: string): Place | null {
  const cleaned = text.trim().replace(/\s+/g, ' ').replace(/\.$/, '');
  if (!cleaned || cleaned.length > 120) return null;
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(cleaned)?.[1];
  if (zip) return lookupZip(zip);

  const alias = aliasOf(cleaned);
  if (alias) return alias;

  const index = cityIndex();
  // "City, ST" / "City ST" / "City, State" / "City State Name": try splitting the state off the end.
  const parts = cleaned.split(/\s*,\s*|\s+/);
  for (let stateWords = Math.min(3, parts.length - 1); stateWords >= 1; stateWords--) {
    const state = stateCode(parts.slice(parts.length - stateWords).join(' '));
    if (!state) continue;
    const city = parts.slice(0, parts.length - stateWords).join(' ');
    const aliasInState = aliasOf(city);
    if (aliasInState && aliasInState.label.endsWith(`, ${state}`)) return aliasInState;
    const match = index.get(key(city))?.find((c) => c.state === state);
    if (match) return { latitude: round4(match.latitude), longitude: round4(match.longitude), label: `${match.city}, ${match.state}` };
  }
  const best = index.get(key(cleaned))?.[0];
  return best ? { latitude: round4(best.latitude), longitude: round4(best.longitude), label: `${best.city}, ${best.state}` } : null;
}
