// GET /api/v2/Merchants/{merchantId}: the detail page's data. A 404 is an answer (unknown merchant),
// not a failure to retry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchantDetail } from '#shared/generated/types.ts';
import { apiFetch, HttpError } from '#client/api/http.ts';

export function fetchMerchantDetail(merchantId: string): Promise<MerchantDetail> {
  return apiFetch<MerchantDetail>(`/api/v2/Merchants/${encodeURIComponent(merchantId)}`);
}

export function merchantDetailQuery(merchantId: string) {
  return queryOptions({
    queryKey: ['merchantDetail', merchantId] as const,
    queryFn: () => fetchMerchantDetail(merchantId),
    staleTime: 5 * 60_000,
    retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
  });
}

export const useMerchantDetail = (merchantId: string) => useQuery(merchantDetailQuery(merchantId));

export const isNotFound = (error: unknown) => error instanceof HttpError && (error.status === 404 || error.status === 400);
