// GET /api/v2/Merchants/{merchantId}/Reviews?pageNo=: further pages of a merchant's reviews.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchantReviews } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

export function fetchMerchantReviews(merchantId: string, pageNo: number): Promise<MerchantReviews> {
  return apiFetch<MerchantReviews>(`/api/v2/Merchants/${encodeURIComponent(merchantId)}/Reviews?pageNo=${pageNo}`);
}

export function merchantReviewsQuery(merchantId: string, pageNo: number) {
  return queryOptions({
    queryKey: ['merchantReviews', merchantId, pageNo] as const,
    queryFn: () => fetchMerchantReviews(merchantId, pageNo),
    staleTime: 5 * 60_000,
  });
}

/** Page 1 comes with the detail (`first`); later pages are fetched, keeping the last page shown meanwhile. */
export function useMerchantReviews(merchantId: string, pageNo: number, first: MerchantReviews) {
  return useQuery({
    ...merchantReviewsQuery(merchantId, pageNo),
    placeholderData: keepPreviousData,
    initialData: pageNo === 1 ? first : undefined,
  });
}
