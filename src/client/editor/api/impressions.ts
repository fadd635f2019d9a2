// GET /api/cms/editor/impressions: how often members saw each block in the last 7 days.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/api/http.ts';
import type { CmsEditorImpressions } from '#shared/generated/types.ts';

export const IMPRESSION_DAYS = 7;

export const impressionsQuery = () =>
  queryOptions({
    queryKey: ['editor', 'impressions', IMPRESSION_DAYS],
    queryFn: () => apiFetch<CmsEditorImpressions>(`/api/cms/editor/impressions?days=${IMPRESSION_DAYS}`),
    staleTime: 60_000,
  });

export const useImpressions = () => useQuery(impressionsQuery());
