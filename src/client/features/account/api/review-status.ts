// GET /api/reviews/status?txnId=...&txnId=... (spec 001 §7): which transactions are reviewed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStatuses } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { ACCOUNT_QUERY_ROOT } from '../rules.ts';

export function fetchReviewStatuses(ids: readonly string[]): Promise<ReviewStatuses> {
  const params = new URLSearchParams();
  for (const id of ids) params.append('txnId', id);
  return apiFetch<ReviewStatuses>(`/api/reviews/status?${params.toString()}`);
}

export const reviewStatusQuery = (ids: readonly string[]) =>
  queryOptions({ queryKey: [ACCOUNT_QUERY_ROOT, 'review-status', ...ids], queryFn: () => fetchReviewStatuses(ids) });

export const useReviewStatuses = (ids: readonly string[]) => useQuery({ ...reviewStatusQuery(ids), enabled: ids.length > 0 });
