// CMS entries through the editor API (README "CMS editors"): list, read, save a draft, publish,
// schedule, versions, rollback. One query key per entry so every write refreshes what shows it.
// Every write names the revision it is based on: the server answers 409 (code stale, CmsEditorConflict)
// when someone changed the entry since, and writes nothing.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, HttpError } from '#client/api/http.ts';
import type { CmsContentName } from '#shared/cms.ts';
import type {
  CmsEditorConflict,
  CmsEditorEntry,
  CmsEditorInUse,
  CmsEditorProblem,
  CmsEditorProblems,
  CmsEditorEntryList,
  CmsEditorVersionDetail,
  CmsEditorVersionList,
} from '#shared/generated/types.ts';

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

export const versionQuery = (group: CmsContentName, slug: string, version: number) =>
  queryOptions({
    queryKey: ['editor', 'version', group, slug, version] as const,
    queryFn: () => apiFetch<CmsEditorVersionDetail>(`${entryPath(group, slug)}/versions/${version}`),
    // A published version never changes.
    staleTime: Infinity,
  });

/** The entry as the server has it now (after a conflict: "reload the latest"). */
export const fetchEntry = (group: CmsContentName, slug: string) => apiFetch<CmsEditorEntry>(entryPath(group, slug));

/** PUT: the draft, kept even when invalid; the answer's `problems` name what keeps it from going live. */
export const saveDraft = (group: CmsContentName, slug: string, fields: Record<string, unknown>, baseRevision: number) =>
  apiFetch<CmsEditorEntry>(entryPath(group, slug), { method: 'PUT', json: { fields, base_revision: baseRevision } });

export const publishEntry = (group: CmsContentName, slug: string, baseRevision: number) =>
  apiFetch<CmsEditorEntry>(`${entryPath(group, slug)}/publish`, { method: 'POST', json: { base_revision: baseRevision } });

/** The version goes live and becomes the draft; discardDraft once the editor agreed to drop unpublished edits. */
export const rollbackEntry = (group: CmsContentName, slug: string, version: number, baseRevision: number, discardDraft: boolean) =>
  apiFetch<CmsEditorEntry>(`${entryPath(group, slug)}/rollback`, {
    method: 'POST',
    json: { version, base_revision: baseRevision, ...(discardDraft ? { discard_draft: true } : {}) },
  });

/** The draft as it is now goes live at `at` (400 naming publish_at when past or over a year ahead). */
export const scheduleEntry = (group: CmsContentName, slug: string, at: Date, baseRevision: number) =>
  apiFetch<CmsEditorEntry>(`${entryPath(group, slug)}/schedule`, {
    method: 'PUT',
    json: { publish_at: at.toISOString(), base_revision: baseRevision },
  });

export const cancelScheduledEntry = (group: CmsContentName, slug: string, baseRevision: number) =>
  apiFetch<CmsEditorEntry>(`${entryPath(group, slug)}/schedule?base_revision=${baseRevision}`, { method: 'DELETE' });

/** Drops this editor's kept version of the entry (merged, or not wanted). */
export const discardKept = (group: CmsContentName, slug: string) =>
  apiFetch<CmsEditorEntry>(`${entryPath(group, slug)}/kept`, { method: 'DELETE' });

/** The conflict of a write refused because the entry changed since it was read, else null. */
export function conflictOf(error: unknown): CmsEditorConflict | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.body as Partial<CmsEditorConflict> | null;
  return body?.code === 'stale' ? (body as CmsEditorConflict) : null;
}

/** The problems of a write refused because what would go live is invalid (422 code invalid), else null. */
export function problemsOf(error: unknown): CmsEditorProblem[] | null {
  if (!(error instanceof HttpError) || error.status !== 422) return null;
  const body = error.body as Partial<CmsEditorProblems> | null;
  return Array.isArray(body?.problems) ? body.problems : null;
}

/** POST: a new entry of the group holding only a draft (its slug made from the name by the server). */
export const createEntry = (group: CmsContentName, name: string, fields: Record<string, unknown>) =>
  apiFetch<CmsEditorEntry>(base(group), { method: 'POST', json: { name, fields } });

/** POST: a copy of the entry as a new draft, named "<name> (copy)". */
export const duplicateEntry = (group: CmsContentName, slug: string) =>
  apiFetch<CmsEditorEntry>(base(group), { method: 'POST', json: { copy_of: slug } });

/** DELETE: the entry and its history; refused (409 in_use, see inUseOf) while a page uses it. */
export const deleteEntry = (group: CmsContentName, slug: string, baseRevision: number) =>
  apiFetch<null>(`${entryPath(group, slug)}?base_revision=${baseRevision}`, { method: 'DELETE' });

/** The pages named by a delete refused because they use the entry, else null. */
export function inUseOf(error: unknown): string[] | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.body as Partial<CmsEditorInUse> | null;
  return body?.code === 'in_use' && Array.isArray(body.pages) ? body.pages : null;
}
