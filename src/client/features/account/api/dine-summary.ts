// GET /api/Member/DineSummary (spec 001 §7): this year's rewards and dines.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DineSummary } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';
import { ACCOUNT_QUERY_ROOT } from '../rules.ts';

export const fetchDineSummary = (): Promise<DineSummary> => apiFetch<DineSummary>('/api/Member/DineSummary');

export const dineSummaryQuery = queryOptions({ queryKey: [ACCOUNT_QUERY_ROOT, 'dine-summary'], queryFn: fetchDineSummary });

export const useDineSummary = (enabled = true) => useQuery({ ...dineSummaryQuery, enabled });
