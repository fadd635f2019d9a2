// GET /api/v2/Merchants/Search for the search page (spec 001 §7, page size 15): the page's URL
// state plus the decided position when the search uses the current location. A 400 is an answer
// (an unknown place or a value the API refuses: no restaurants match), not a failure to retry.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchantSearchResponse } from '#shared/generated/types.ts';
import { HttpError, isTransientError } from '#client/api/http.ts';
import { searchMerchants, searchParamsFor } from '#client/features/merchants/index.ts';
import type { Coordinates } from '#client/features/location/index.ts';
import { searchQueryString, type SearchState } from '../search-state.ts';

export const SEARCH_PAGE_SIZE = 15;

export const isRefusedSearch = (error: unknown) => error instanceof HttpError && error.status === 400;

export function searchPageQuery(state: SearchState, position: Coordinates | null) {
  const params = searchParamsFor(searchQueryString(state), position, SEARCH_PAGE_SIZE);
  return queryOptions({
    queryKey: ['merchant-search', params.toString()] as const,
    queryFn: ({ signal }): Promise<MerchantSearchResponse> => searchMerchants(params, signal),
    staleTime: 5 * 60_000,
    // Client errors are answers; only a failing or unreachable server is worth two more tries.
    retry: (count, error) => (isTransientError(error) || (error instanceof HttpError && error.status >= 500)) && count < 2,
  });
}

/** The search; `position` null while the location is still being decided (the query waits). */
export function useSearchPage(state: SearchState, position: Coordinates | null, needsPosition: boolean) {
  return useQuery({
    ...searchPageQuery(state, position),
    enabled: !needsPosition || position !== null,
    // Keep the previous results on screen (dimmed) while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}
