// The visitor's location decision (spec 000 §4, 001 §9): ask the browser first; on any error use
// the server's default location (GET /api/DefaultUserLocation); if that fails too, the built-in
// default. Coordinates are rounded to 2 decimals (about 1 km), which also keeps query keys stable.
import { queryOptions } from '@tanstack/react-query';
import type { UserLocation } from '#shared/generated/types.ts';
import { apiFetch } from './http.ts';

export type Coordinates = UserLocation;

/** Built-in fallback: Times Square (spec 000 §9). */
export const DEFAULT_LOCATION: Coordinates = { latitude: 40.7577, longitude: -73.9857 };

/** Carousels and other browsing: a cached, coarse position is good enough and answers fast. */
export const LOW_ACCURACY: PositionOptions = { enableHighAccuracy: false, maximumAge: 3_600_000, timeout: 5000 };
/** The search page: a fresh, precise position. */
export const HIGH_ACCURACY: PositionOptions = { enableHighAccuracy: true, maximumAge: 0, timeout: 7000 };
/** After a decision the position is re-read this often. */
export const LOCATION_REFRESH_MS = 5 * 60_000;

export function roundCoordinate(value: number): number {
  return Math.round(value * 100) / 100;
}

function rounded(location: Coordinates): Coordinates {
  return { latitude: roundCoordinate(location.latitude), longitude: roundCoordinate(location.longitude) };
}

/** "lat,lng" as the search API's location parameter expects it. */
export function formatLocation(location: Coordinates): string {
  return `${location.latitude},${location.longitude}`;
}

function browserPosition(options: PositionOptions): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
    if (!geolocation) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(error),
      options,
    );
  });
}

export async function fetchDefaultUserLocation(): Promise<Coordinates> {
  const location = await apiFetch<Coordinates>('/api/DefaultUserLocation');
  if (typeof location?.latitude !== 'number' || typeof location.longitude !== 'number') throw new Error('bad default location');
  return location;
}

/** Never rejects: every failure falls through to the next source. */
export async function getLocation(options: PositionOptions): Promise<Coordinates> {
  try {
    return rounded(await browserPosition(options));
  } catch {
    try {
      return rounded(await fetchDefaultUserLocation());
    } catch {
      return rounded(DEFAULT_LOCATION);
    }
  }
}

export function getLowAccuracyLocation(): Promise<Coordinates> {
  return getLocation(LOW_ACCURACY);
}

export function getHighAccuracyLocation(): Promise<Coordinates> {
  return getLocation(HIGH_ACCURACY);
}

export const lowAccuracyLocationQuery = queryOptions({
  queryKey: ['location', 'low-accuracy'] as const,
  queryFn: getLowAccuracyLocation,
  staleTime: LOCATION_REFRESH_MS,
  refetchInterval: LOCATION_REFRESH_MS,
  retry: false,
});

export const highAccuracyLocationQuery = queryOptions({
  queryKey: ['location', 'high-accuracy'] as const,
  queryFn: getHighAccuracyLocation,
  staleTime: LOCATION_REFRESH_MS,
  refetchInterval: LOCATION_REFRESH_MS,
  retry: false,
});
