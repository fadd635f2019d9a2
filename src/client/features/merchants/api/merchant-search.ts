// GET /api/v2/Merchants/Search (spec 001 §7): the query from a search request with empty values
// dropped (except campaignCode), the location as "lat,lng" when the search uses the current
// location, and page size 15.
import { queryOptions } from '@tanstack/react-query';
import type { MerchantSearchResponse } from '#shared/generated/types.ts';
import { isCurrentLocationValue } from '#shared/current-location.ts';
import { apiFetch } from '#client/api/http.ts';
import { formatLocation, type Coordinates } from '#client/features/location/index.ts';

export const SEARCH_PAGE_SIZE = 15;
export const isCurrentLocation = isCurrentLocationValue;

/** Whether a search query string needs the visitor's position (no place named in it). */
export function usesCurrentLocation(query: string): boolean {
  return isCurrentLocation(new URLSearchParams(query).get('location'));
}

/** The canonical parameters sent to the API (sorted, so equal searches share one cache entry). */
export function searchParamsFor(query: string, location: Coordinates | null, pageSize = SEARCH_PAGE_SIZE): URLSearchParams {
  const input = new URLSearchParams(query.replace(/^\?/, ''));
  const out = new URLSearchParams();
  for (const [key, value] of input) {
    if (key === 'location' || key === 'pageSize') continue;
    if (value.trim() === '' && key !== 'campaignCode') continue;
    out.append(key, value);
  }
  const place = input.get('location');
  if (!isCurrentLocation(place)) out.set('location', place ?? '');
  else if (location) out.set('location', formatLocation(location));
  out.set('pageSize', input.get('pageSize')?.trim() || String(pageSize));
  out.sort();
  return out;
}

export function searchMerchants(params: URLSearchParams, signal?: AbortSignal): Promise<MerchantSearchResponse> {
  return apiFetch<MerchantSearchResponse>(`/api/v2/Merchants/Search?${params.toString()}`, signal ? { signal } : {});
}

/** A search from a query string; `location` is the visitor's decided position (null = not needed). */
export function merchantSearchQuery(query: string, location: Coordinates | null) {
  const params = searchParamsFor(query, location);
  return queryOptions({
    queryKey: ['merchant-search', params.toString()] as const,
    queryFn: ({ signal }) => searchMerchants(params, signal),
    staleTime: 5 * 60_000,
  });
}
