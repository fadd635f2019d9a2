// The location queries blocks use (spec 001 §9: the carousel reads a low-accuracy position). The
// decision itself — browser, then GET /api/DefaultUserLocation, then the built-in default, rounded
// to 2 decimals — is the geolocation service's (./geolocation.ts); this file only makes it a query
// that is re-read every 5 minutes and shared by every block that asks.
import { queryOptions } from '@tanstack/react-query';
import type { UserLocation } from '#shared/generated/types.ts';
import { decideLowAccuracyLocation, LOCATION_REFRESH_MS } from '../geolocation.ts';

export type Coordinates = UserLocation;

/** "lat,lng" as the search API's location parameter expects it. */
export function formatLocation(location: Coordinates): string {
  return `${location.latitude},${location.longitude}`;
}

export const lowAccuracyLocationQuery = queryOptions({
  queryKey: ['location', 'low-accuracy'] as const,
  queryFn: async (): Promise<Coordinates> => {
    const { latitude, longitude } = await decideLowAccuracyLocation();
    return { latitude, longitude };
  },
  staleTime: LOCATION_REFRESH_MS,
  refetchInterval: LOCATION_REFRESH_MS,
  retry: false,
});
