// GET /api/DefaultUserLocation (spec 001 §7): the server's default position, the first fallback
// when the browser gives none (or is not asked).
import { queryOptions } from '@tanstack/react-query';
import type { UserLocation } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

export function fetchDefaultLocation(): Promise<UserLocation> {
  return apiFetch<UserLocation>('/api/DefaultUserLocation');
}

export const defaultLocationQuery = queryOptions({
  queryKey: ['location', 'server-default'] as const,
  queryFn: fetchDefaultLocation,
  staleTime: Infinity,
  retry: false,
});
