// CMS content groups as TanStack queries (spec 000 §4, §7): one query per group, keyed
// ['cms', contentName, preview]. The server inlines every group into the page (one round trip),
// which seeds the queries; a group missing there is fetched from the CMS route. Content never
// retries, refetches or goes stale; a failed group is empty content (copy falls back to empty).
import { queryOptions } from '@tanstack/react-query';
import type { CmsPagesResponse } from '#shared/generated/types.ts';
import type { CmsContentName } from '#shared/cms.ts';
import { apiFetch, HttpError } from './http.ts';

export const CMS_PAGE_SIZE = 100;

export const EMPTY_CMS_GROUP: CmsPagesResponse = { meta: { count: 0, previous_page: null, next_page: null }, data: [] };

export function cmsKey(contentName: CmsContentName, preview: boolean) {
  return ['cms', contentName, preview] as const;
}

export function cmsUrl(cmsRoute: string, contentName: CmsContentName, preview: boolean): string {
  const base = cmsRoute.replace(/\/+$/, '');
  return `${base}/pages/${encodeURIComponent(contentName)}/?page_size=${CMS_PAGE_SIZE}${preview ? '&preview=1' : ''}`;
}

export async function fetchCmsGroup(cmsRoute: string, contentName: CmsContentName, preview: boolean): Promise<CmsPagesResponse> {
  try {
    return await apiFetch<CmsPagesResponse>(cmsUrl(cmsRoute, contentName, preview));
  } catch (error) {
    // Spec 000 §8: a missing group is expected on some partners (info); anything else is an error.
    const statusText = error instanceof HttpError ? error.statusText : String(error);
    if (statusText === 'Not Found') console.info(`[menuboard] CMS group "${contentName}": Not Found`);
    else console.error(`[menuboard] CMS group "${contentName}" failed: ${statusText}`);
    throw error instanceof Error ? new Error(statusText) : error;
  }
}

export function cmsQuery(options: { cmsRoute: string; contentName: CmsContentName; preview: boolean; initial?: CmsPagesResponse }) {
  const { cmsRoute, contentName, preview, initial } = options;
  return queryOptions({
    queryKey: cmsKey(contentName, preview),
    queryFn: () => fetchCmsGroup(cmsRoute, contentName, preview),
    initialData: initial,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}
