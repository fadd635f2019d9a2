// A page (home, discover) as one thing through the editor API (docs/api.md "Pages"): what publishing
// it would carry, its history, and publishing, scheduling and rolling back its layout and the entries
// its blocks show together.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/api/http.ts';
import type { PageGroup } from '#shared/page-entries.ts';
import type { CmsEditorPage, CmsEditorPageHistoryItem, CmsEditorPageResult } from '#shared/generated/types.ts';

const pagePath = (page: PageGroup) => `/api/cms/editor/pages/${page}`;

export const pageKey = (page: PageGroup) => ['editor', 'page', page] as const;

export const pageQuery = (page: PageGroup) =>
  queryOptions({ queryKey: pageKey(page), queryFn: () => apiFetch<CmsEditorPage>(pagePath(page)) });
export const usePage = (page: PageGroup | null) => useQuery({ ...pageQuery(page ?? 'home'), enabled: page !== null });

export const pageItemQuery = (page: PageGroup, id: number) =>
  queryOptions({
    queryKey: ['editor', 'page-item', page, id] as const,
    queryFn: () => apiFetch<CmsEditorPageHistoryItem>(`${pagePath(page)}/history/${id}`),
    // A history item never changes.
    staleTime: Infinity,
  });

/** Every pending draft of the page goes live together; `baseRevisions` by "<content_name>/<slug>". */
export const publishPage = (page: PageGroup, baseRevisions: Record<string, number>) =>
  apiFetch<CmsEditorPageResult>(`${pagePath(page)}/publish`, { method: 'POST', json: { base_revisions: baseRevisions } });

export const schedulePage = (page: PageGroup, at: Date) =>
  apiFetch<CmsEditorPageResult>(`${pagePath(page)}/schedule`, { method: 'PUT', json: { publish_at: at.toISOString() } });

/** The page as a history item left it; discardDrafts once the editor agreed to drop unpublished edits. */
export const rollbackPage = (page: PageGroup, item: number, discardDrafts: boolean) =>
  apiFetch<CmsEditorPageResult>(`${pagePath(page)}/rollback`, {
    method: 'POST',
    json: { item, ...(discardDrafts ? { discard_drafts: true } : {}) },
  });
