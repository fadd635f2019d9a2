// CMS entries through the editor API (README "CMS editors"): list, read, save a draft, publish,
// versions, rollback. One query key per entry so every write refreshes what shows it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/api/http.ts';
import type { CmsContentName } from '#shared/cms.ts';
import type { CmsEditorEntry, CmsEditorEntryList, CmsEditorVersionList } from '#shared/generated/types.ts';

const base = (group: CmsContentName) => `/api/cms/editor/entries/${encodeURIComponent(group)}`;
const entryPath = (group: CmsContentName, slug: string) => `${base(group)}/${encodeURIComponent(slug)}`;

export const entriesKey = (group: CmsContentName) => ['editor', 'entries', group] as const;
export const entryKey = (group: CmsContentName, slug: string) => ['editor', 'entry', group, slug] as const;
export const versionsKey = (group: CmsContentName, slug: string) => ['editor', 'versions', group, slug] as const;

export const entriesQuery = (group: CmsContentName) =>
  queryOptions({ queryKey: entriesKey(group), queryFn: () => apiFetch<CmsEditorEntryList>(base(group)) });
export const useEntries = (group: CmsContentName) => useQuery(entriesQuery(group));

export const entryQuery = (group: CmsContentName, slug: string) =>
  queryOptions({ queryKey: entryKey(group, slug), queryFn: () => apiFetch<CmsEditorEntry>(entryPath(group, slug)), staleTime: Infinity });
export const useEntry = (group: CmsContentName, slug: string) => useQuery(entryQuery(group, slug));

export const versionsQuery = (group: CmsContentName, slug: string) =>
  queryOptions({ queryKey: versionsKey(group, slug), queryFn: () => apiFetch<CmsEditorVersionList>(`${entryPath(group, slug)}/versions`) });
export const useVersions = (group: CmsContentName, slug: string) => useQuery(versionsQuery(group, slug));

/** PUT: the draft; a 422 answer (HttpError with {problems}) names each bad field by JSON pointer. */
export const saveDraft = (group: CmsContentName, slug: string, fields: Record<string, unknown>) =>
  apiFetch<CmsEditorEntry>(entryPath(group, slug), { method: 'PUT', json: { fields } });

export const publishEntry = (group: CmsContentName, slug: string) =>
  apiFetch<CmsEditorEntry>(`${entryPath(group, slug)}/publish`, { method: 'POST', json: {} });

export const rollbackEntry = (group: CmsContentName, slug: string, version: number) =>
  apiFetch<CmsEditorEntry>(`${entryPath(group, slug)}/rollback`, { method: 'POST', json: { version } });
