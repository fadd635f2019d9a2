// CMS content: one row per entry in cms_entries (holding the draft) and every published version in
// cms_versions (never rewritten: rollback publishes a copy as a new version).
import type { CmsContentName } from '#shared/cms.ts';
import { cmsGroupOf, earnSlugOf, LAYOUT_SLUG } from '#shared/cms.ts';
import type { CmsPage, CmsPagesResponse } from '#shared/generated/types.ts';
import type { Db, Queryable } from '../db/index.ts';
import { sanitizeCmsFields } from '../cms-sanitize.ts';
import { resolveMediaRefs } from '../media/refs.ts';
import type { FieldProblem } from '#shared/cms-problems.ts';

type Fields = Record<string, unknown>;
type Timestamp = string | Date | null;

const iso = (d: Timestamp): string | null => (d === null ? null : new Date(d).toISOString());

/** Database group name back to the content name (for the sanitiser's field list). */
function contentNameOf(group: string): CmsContentName {
  return (group === 'global' ? '*' : group) as CmsContentName;
}

export const MAX_PAGE_SIZE = 100;

export interface Paging {
  /** 1-based page number. */
  page: number;
  pageSize: number;
}

interface PageRow {
  slug: string;
  name: string;
  draft: Fields | null;
  draft_updated_at: Timestamp;
  version: number | null;
  fields: Fields | null;
  published_at: Timestamp;
  total: number;
}

/**
 * Entries of one group in the ButterCMS pages shape, ordered by slug. Members get the latest
 * published version of each entry (entries never published are absent); preview gets the draft
 * where one exists, else the published version. `meta.count` is the total over all pages.
 * HTML fields are sanitised here too, because seeded or legacy rows never passed the editor API.
 */
export async function listCmsPages(
  db: Queryable,
  partnerId: string,
  group: string,
  preview: boolean,
  paging: Paging = { page: 1, pageSize: MAX_PAGE_SIZE },
): Promise<CmsPagesResponse> {
  const { page, pageSize } = paging;
  const offset = (page - 1) * pageSize;
  const { rows } = await db.query<PageRow>(
    `select e.slug, e.name, e.draft, e.draft_updated_at, v.version, v.fields, v.published_at,
            count(*) over ()::int as total
       from cms_entries e
       left join lateral (
         select version, fields, published_at from cms_versions
          where partner_id = e.partner_id and grp = e.grp and slug = e.slug
          order by version desc limit 1
       ) v on true
      where e.partner_id = $1 and e.grp = $2 and (v.version is not null or ($3 and e.draft is not null))
      order by e.slug
      limit $4 offset $5`,
    [partnerId, group, preview, pageSize, offset],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) total = await countCmsPages(db, partnerId, group, preview);

  const contentName = contentNameOf(group);
  const data: CmsPage[] = [];
  for (const row of rows) {
    const useDraft = preview && row.draft !== null;
    const fields = useDraft ? row.draft : row.fields;
    if (!fields) continue;
    data.push({
      slug: row.slug,
      name: row.name,
      page_type: group,
      published: iso(row.published_at),
      updated: (useDraft ? iso(row.draft_updated_at) : iso(row.published_at)) ?? new Date(0).toISOString(),
      status: useDraft ? 'draft' : 'published',
      version: row.version,
      fields: sanitizeCmsFields(contentName, fields),
    });
  }
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return {
    meta: {
      count: total,
      previous_page: page > 1 ? Math.min(page - 1, lastPage) : null,
      next_page: page < lastPage ? page + 1 : null,
    },
    data,
  };
}

async function countCmsPages(db: Queryable, partnerId: string, group: string, preview: boolean): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from cms_entries e
      where e.partner_id = $1 and e.grp = $2
        and ($3 and e.draft is not null
             or exists (select 1 from cms_versions v where v.partner_id = e.partner_id and v.grp = e.grp and v.slug = e.slug))`,
    [partnerId, group, preview],
  );
  return rows[0]?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Editor side

export type ChangeKind = 'draft' | 'publish' | 'rollback' | 'schedule' | 'unschedule' | 'scheduled-publish';

/** The last change of an entry: what a refused (stale) write is told about. */
export interface LastChange {
  kind: ChangeKind;
  by: string;
  at: string;
}

export interface ScheduleInfo {
  /** When the server publishes the scheduled fields. */
  publish_at: string;
  by: string;
  /** When it was scheduled. */
  at: string;
}

export interface EditorEntrySummary {
  slug: string;
  name: string;
  /**
   * draft: never published; published: what members see is the latest (no draft, or a draft equal to
   * it); changed: live with a draft that differs from it.
   */
  status: 'draft' | 'published' | 'changed';
  has_draft: boolean;
  version: number | null;
  published_at: string | null;
  draft_updated_at: string | null;
  draft_updated_by: string | null;
  /** Counts every change; writes may name the revision they are based on (409 when it moved on). */
  revision: number;
  last_change: LastChange | null;
  schedule: ScheduleInfo | null;
  /** What keeps the draft from going live (pointers into its fields); empty without a draft. */
  problems: FieldProblem[];
}

/** An editor's own refused save, kept beside the newer draft until they have merged it. */
export interface KeptVersion {
  fields: Fields;
  /** The revision that save was based on. */
  base_revision: number;
  at: string;
}

export interface EditorEntry extends EditorEntrySummary {
  content_name: CmsContentName;
  draft: Fields | null;
  published: Fields | null;
  /** The asking editor's kept version (a save refused as stale), or null. */
  kept: KeptVersion | null;
}

export interface VersionInfo {
  version: number;
  published_at: string;
  published_by: string;
  note: string | null;
}

interface EntryRow {
  slug: string;
  name: string;
  draft: Fields | null;
  draft_updated_at: Timestamp;
  draft_updated_by: string | null;
  version: number | null;
  fields: Fields | null;
  published_at: Timestamp;
  revision: number | string;
  change_kind: ChangeKind | null;
  changed_by: string | null;
  changed_at: Timestamp;
  scheduled_for: Timestamp;
  scheduled_by: string | null;
  scheduled_at: Timestamp;
  draft_problems: FieldProblem[] | null;
  draft_is_live: boolean;
}

const ENTRY_SELECT = `
  select e.slug, e.name, e.draft, e.draft_updated_at, e.draft_updated_by, v.version, v.fields, v.published_at,
         e.revision, e.change_kind, e.changed_by, e.changed_at, e.scheduled_for, e.scheduled_by, e.scheduled_at,
         e.draft_problems, coalesce(e.draft = v.fields, false) as draft_is_live
    from cms_entries e
    left join lateral (
      select version, fields, published_at from cms_versions
       where partner_id = e.partner_id and grp = e.grp and slug = e.slug
       order by version desc limit 1
    ) v on true`;

function summaryOf(row: EntryRow): EditorEntrySummary {
  const hasDraft = row.draft !== null;
  return {
    slug: row.slug,
    name: row.name,
    status: row.version === null ? 'draft' : hasDraft && !row.draft_is_live ? 'changed' : 'published',
    has_draft: hasDraft,
    version: row.version,
    published_at: iso(row.published_at),
    draft_updated_at: iso(row.draft_updated_at),
    draft_updated_by: row.draft_updated_by,
    revision: Number(row.revision),
    last_change: lastChangeOf(row),
    schedule:
      row.scheduled_for === null || row.scheduled_by === null
        ? null
        : { publish_at: iso(row.scheduled_for) ?? '', by: row.scheduled_by, at: iso(row.scheduled_at) ?? '' },
    problems: hasDraft ? (row.draft_problems ?? []) : [],
  };
}

function lastChangeOf(row: Pick<EntryRow, 'change_kind' | 'changed_by' | 'changed_at'>): LastChange | null {
  return row.change_kind && row.changed_by && row.changed_at
    ? { kind: row.change_kind, by: row.changed_by, at: iso(row.changed_at) ?? '' }
    : null;
}

export async function listEditorEntries(db: Queryable, partnerId: string, contentName: CmsContentName): Promise<EditorEntrySummary[]> {
  const { rows } = await db.query<EntryRow>(`${ENTRY_SELECT} where e.partner_id = $1 and e.grp = $2 order by e.slug`, [
    partnerId,
    cmsGroupOf(contentName),
  ]);
  return rows.map(summaryOf);
}

/** One entry for the editor; with `editor`, that editor's kept version too. */
export async function getEditorEntry(
  db: Queryable,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  editor: string | null = null,
): Promise<EditorEntry | null> {
  const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
  const { rows } = await db.query<EntryRow>(`${ENTRY_SELECT} where e.partner_id = $1 and e.grp = $2 and e.slug = $3`, key);
  const row = rows[0];
  if (!row) return null;
  return {
    ...summaryOf(row),
    content_name: contentName,
    draft: row.draft === null ? null : sanitizeCmsFields(contentName, row.draft),
    published: row.fields === null ? null : sanitizeCmsFields(contentName, row.fields),
    kept: editor === null ? null : await keptVersion(db, key, editor, contentName),
  };
}

async function keptVersion(
  db: Queryable,
  key: [string, string, string],
  editor: string,
  contentName: CmsContentName,
): Promise<KeptVersion | null> {
  const { rows } = await db.query<{ fields: Fields; base_revision: number | string; kept_at: Timestamp }>(
    'select fields, base_revision, kept_at from cms_kept_versions where partner_id = $1 and grp = $2 and slug = $3 and kept_by = $4',
    [...key, editor],
  );
  const row = rows[0];
  return row
    ? { fields: sanitizeCmsFields(contentName, row.fields), base_revision: Number(row.base_revision), at: iso(row.kept_at) ?? '' }
    : null;
}

/** Keeps an editor's refused save beside the newer draft (one per entry and editor, the latest wins). */
export async function keepVersion(
  db: Queryable,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  kept: { by: string; fields: Fields; baseRevision: number },
): Promise<void> {
  await db.query(
    `insert into cms_kept_versions (partner_id, grp, slug, kept_by, fields, base_revision)
     select $1, $2, $3, $4, $5, $6 where exists (select 1 from cms_entries where partner_id = $1 and grp = $2 and slug = $3)
     on conflict (partner_id, grp, slug, kept_by) do update
       set fields = excluded.fields, base_revision = excluded.base_revision, kept_at = now()`,
    [partnerId, cmsGroupOf(contentName), slug, kept.by, JSON.stringify(kept.fields), kept.baseRevision],
  );
}

/** Drops an editor's kept version (merged, or not wanted); false when there was none. */
export async function discardKept(
  db: Queryable,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  by: string,
): Promise<boolean> {
  const { rows } = await db.query<{ slug: string }>(
    'delete from cms_kept_versions where partner_id = $1 and grp = $2 and slug = $3 and kept_by = $4 returning slug',
    [partnerId, cmsGroupOf(contentName), slug, by],
  );
  return rows.length > 0;
}

/** A write refused because the entry changed after the revision it was based on. */
export interface Stale {
  ok: false;
  reason: 'stale';
  /** The entry's revision now, its last change and its latest published version. */
  revision: number;
  change: LastChange | null;
  version: number | null;
}

export interface LockedEntry {
  name: string;
  draft: Fields | null;
  revision: number;
  change: LastChange | null;
  version: number | null;
  scheduled: boolean;
}

/** Locks an entry's row for this transaction (serialising every write to it) and reads its state. */
export async function lockEntry(tx: Queryable, key: [string, string, string]): Promise<LockedEntry | null> {
  const { rows } = await tx.query<{
    name: string;
    draft: Fields | null;
    revision: number | string;
    change_kind: ChangeKind | null;
    changed_by: string | null;
    changed_at: Timestamp;
    scheduled_for: Timestamp;
  }>(
    `select name, draft, revision, change_kind, changed_by, changed_at, scheduled_for from cms_entries
      where partner_id = $1 and grp = $2 and slug = $3 for update`,
    key,
  );
  const row = rows[0];
  if (!row) return null;
  const latest = await tx.query<{ version: number | null }>(
    'select max(version) as version from cms_versions where partner_id = $1 and grp = $2 and slug = $3',
    key,
  );
  const version = latest.rows[0]?.version;
  return {
    name: row.name,
    draft: row.draft,
    revision: Number(row.revision),
    change: lastChangeOf(row),
    version: version === null || version === undefined ? null : Number(version),
    scheduled: row.scheduled_for !== null,
  };
}

/** The refusal for a write based on `base` when the entry is at another revision, else null. */
export function staleAgainst(entry: LockedEntry, base: number | undefined): Stale | null {
  if (base === undefined || base === entry.revision) return null;
  return { ok: false, reason: 'stale', revision: entry.revision, change: entry.change, version: entry.version };
}

/**
 * Runs `write` on the locked entry in one transaction, unless the entry is missing (not-found) or
 * the write was based on another revision (stale): the preamble of every write after the draft.
 */
async function writeLocked<Result>(
  db: Db,
  key: [string, string, string],
  baseRevision: number | undefined,
  write: (tx: Queryable, entry: LockedEntry) => Promise<Result>,
): Promise<Result | { ok: false; reason: 'not-found' } | Stale> {
  return db.transaction(async (tx) => {
    const entry = await lockEntry(tx, key);
    if (!entry) return { ok: false, reason: 'not-found' } as const;
    return staleAgainst(entry, baseRevision) ?? write(tx, entry);
  });
}

/** Marks an entry changed: one more revision, and who did what when. */
export async function touch(tx: Queryable, key: [string, string, string], kind: ChangeKind, by: string, at: Date | null): Promise<void> {
  await tx.query(
    `update cms_entries set revision = revision + 1, change_kind = $4, changed_by = $5, changed_at = coalesce($6, now())
      where partner_id = $1 and grp = $2 and slug = $3`,
    [...key, kind, by, at?.toISOString() ?? null],
  );
}

export type SaveResult = { ok: true } | Stale;

/**
 * Saves the draft of an entry, creating the entry when it is new. The name is kept when omitted.
 * With `baseRevision`, an entry that changed since that revision is left as it is (Stale).
 */
export async function saveDraft(
  db: Db,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  draft: { name?: string | undefined; fields: Fields; by: string; baseRevision?: number | undefined; problems: FieldProblem[] },
): Promise<SaveResult> {
  const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
  return db.transaction(async (tx) => {
    const entry = await lockEntry(tx, key);
    const stale = entry ? staleAgainst(entry, draft.baseRevision) : null;
    if (stale) return stale;
    // Saved even with problems (they are stored with it; only publishing is refused). A draft equal
    // to the live version is no draft: nothing is pending.
    await tx.query(
      `insert into cms_entries (partner_id, grp, slug, name, draft, draft_updated_at, draft_updated_by, draft_problems)
       values ($1, $2, $3, coalesce($4, $3), $5, now(), $6, $7)
       on conflict (partner_id, grp, slug) do update
         set name = coalesce($4, cms_entries.name), draft = excluded.draft,
             draft_updated_at = excluded.draft_updated_at, draft_updated_by = excluded.draft_updated_by,
             draft_problems = excluded.draft_problems`,
      [...key, draft.name ?? null, JSON.stringify(draft.fields), draft.by, JSON.stringify(draft.problems)],
    );
    await tx.query(
      `update cms_entries e set draft = null, draft_updated_at = null, draft_updated_by = null, draft_problems = null
        where partner_id = $1 and grp = $2 and slug = $3
          and draft = (select fields from cms_versions v where v.partner_id = e.partner_id and v.grp = e.grp and v.slug = e.slug
                        order by version desc limit 1)`,
      key,
    );
    await touch(tx, key, 'draft', draft.by, null);
    return { ok: true } as const;
  });
}

/** The problems that keep fields from going live (checked inside the write's transaction). */
export type Check = (tx: Queryable, fields: Fields) => Promise<FieldProblem[]>;

/** A write refused because what would go live has problems; nothing was written. */
export interface Invalid {
  ok: false;
  reason: 'invalid';
  /** The entry's display name, for the refusal. */
  name: string;
  problems: FieldProblem[];
}

const noCheck: Check = async () => [];

export type PublishResult = { ok: true; version: number } | { ok: false; reason: 'not-found' | 'no-draft' } | Stale | Invalid;

/**
 * Writes the next version of an entry: every publish, rollback, scheduled publish and page publish
 * comes here. Library images are filled in from the partner's media library as it is now (its current
 * file, alt text, focal point: media/refs.ts), so a replaced file reaches members with the next publish.
 */
export async function insertVersion(
  tx: Queryable,
  key: [string, string, string],
  given: Fields | string,
  by: string,
  note: string | null,
  publishedAt: Date | null = null,
): Promise<number> {
  const fields = (await resolveMediaRefs(tx, key[0], typeof given === 'string' ? (JSON.parse(given) as Fields) : given)).fields;
  const { rows } = await tx.query<{ version: number }>(
    `insert into cms_versions (partner_id, grp, slug, version, fields, published_by, note, published_at)
     select $1, $2, $3, coalesce(max(version), 0) + 1, $4, $5, $6, coalesce($7, now())
       from cms_versions where partner_id = $1 and grp = $2 and slug = $3
     returning version`,
    [...key, typeof fields === 'string' ? fields : JSON.stringify(fields), by, note, publishedAt?.toISOString() ?? null],
  );
  return Number(rows[0]?.version);
}

/**
 * Publishes the draft as a new version and clears the draft: refused as Stale when based on an old
 * revision, and as Invalid when `check` finds problems in the draft.
 */
export async function publishDraft(
  db: Db,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  by: string,
  note: string | null,
  baseRevision?: number,
  check: Check = noCheck,
): Promise<PublishResult> {
  const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
  // The row lock serialises concurrent publishes of one entry, so version numbers never collide.
  return writeLocked(db, key, baseRevision, async (tx, entry) => {
    if (entry.draft === null) return { ok: false, reason: 'no-draft' } as const;
    const problems = await check(tx, entry.draft);
    if (problems.length) return { ok: false, reason: 'invalid', name: entry.name, problems } as const;
    const version = await insertVersion(tx, key, entry.draft, by, note);
    await clearDraft(tx, key);
    await touch(tx, key, 'publish', by, null);
    return { ok: true, version } as const;
  });
}

/**
 * Checks the drafts of these entries again and stores what is wrong with them now: for a change made
 * elsewhere that an entry's problems depend on (an image given alt text in the media library), so the
 * editor does not go on showing a problem that is gone. The drafts themselves are untouched.
 */
export async function recheckDrafts(
  db: Db,
  partnerId: string,
  entries: ReadonlyArray<{ contentName: CmsContentName; slug: string }>,
  check: (tx: Queryable, contentName: CmsContentName, slug: string, fields: Fields) => Promise<FieldProblem[]>,
): Promise<void> {
  for (const { contentName, slug } of entries) {
    const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ draft: Fields | null }>(
        'select draft from cms_entries where partner_id = $1 and grp = $2 and slug = $3 for update',
        key,
      );
      const draft = rows[0]?.draft;
      if (!draft) return;
      const problems = await check(tx, contentName, slug, draft);
      await tx.query('update cms_entries set draft_problems = $4 where partner_id = $1 and grp = $2 and slug = $3', [
        ...key,
        JSON.stringify(problems),
      ]);
    });
  }
}

export async function clearDraft(tx: Queryable, key: [string, string, string]): Promise<void> {
  await tx.query(
    `update cms_entries set draft = null, draft_updated_at = null, draft_updated_by = null, draft_problems = null
      where partner_id = $1 and grp = $2 and slug = $3`,
    key,
  );
}

export type RollbackResult =
  { ok: true; version: number } | { ok: false; reason: 'not-found' | 'no-version' | 'draft-pending' } | Stale | Invalid;

/**
 * Publishes a copy of an earlier version as a new version (history is never rewritten) and makes it
 * the draft too, so the next publish cannot bring the rolled-back change back. A draft that differs
 * from what is live is unpublished work: without `discardDraft` the rollback is refused
 * (draft-pending) so the editor can be asked first.
 */
export async function rollbackTo(
  db: Db,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  version: number,
  by: string,
  note: string | null,
  baseRevision?: number,
  options: { check?: Check; discardDraft?: boolean } = {},
): Promise<RollbackResult> {
  const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
  return writeLocked(db, key, baseRevision, async (tx, entry) => {
    const { rows } = await tx.query<{ fields: Fields }>(
      'select fields from cms_versions where partner_id = $1 and grp = $2 and slug = $3 and version = $4',
      [...key, version],
    );
    const old = rows[0];
    if (!old) return { ok: false, reason: 'no-version' } as const;
    if (entry.draft !== null && !options.discardDraft && !(await draftIsLive(tx, key))) {
      return { ok: false, reason: 'draft-pending' } as const;
    }
    const problems = await (options.check ?? noCheck)(tx, old.fields);
    if (problems.length) return { ok: false, reason: 'invalid', name: entry.name, problems } as const;
    const created = await insertVersion(tx, key, old.fields, by, note ?? `Rollback to version ${version}`);
    await clearDraft(tx, key);
    await touch(tx, key, 'rollback', by, null);
    return { ok: true, version: created } as const;
  });
}

/** Whether the entry's draft is what its latest version holds (so nothing is pending). */
export async function draftIsLive(tx: Queryable, key: [string, string, string]): Promise<boolean> {
  const { rows } = await tx.query<{ same: boolean }>(
    `select coalesce(e.draft = (select fields from cms_versions v where v.partner_id = e.partner_id and v.grp = e.grp
                                 and v.slug = e.slug order by version desc limit 1), false) as same
       from cms_entries e where partner_id = $1 and grp = $2 and slug = $3`,
    key,
  );
  return rows[0]?.same === true;
}

export type ScheduleResult = { ok: true } | { ok: false; reason: 'not-found' | 'no-draft' | 'not-scheduled' } | Stale | Invalid;

/**
 * Schedules the draft, as it is now, to be published at `at` (replacing an earlier schedule). Later
 * edits stay in the draft and are not part of it; scheduling again takes them.
 */
export async function scheduleDraft(
  db: Db,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  schedule: { at: Date; by: string; baseRevision?: number | undefined; check?: Check | undefined },
): Promise<ScheduleResult> {
  const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
  return writeLocked(db, key, schedule.baseRevision, async (tx, entry) => {
    if (entry.draft === null) return { ok: false, reason: 'no-draft' } as const;
    const problems = await (schedule.check ?? noCheck)(tx, entry.draft);
    if (problems.length) return { ok: false, reason: 'invalid', name: entry.name, problems } as const;
    await tx.query(
      `update cms_entries set scheduled_for = $4, scheduled_fields = draft, scheduled_by = $5, scheduled_at = now(), scheduled_batch = null
        where partner_id = $1 and grp = $2 and slug = $3`,
      [...key, schedule.at.toISOString(), schedule.by],
    );
    await touch(tx, key, 'schedule', schedule.by, null);
    return { ok: true } as const;
  });
}

export async function cancelSchedule(
  db: Db,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  by: string,
  baseRevision?: number,
): Promise<ScheduleResult> {
  const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
  return writeLocked(db, key, baseRevision, async (tx, entry) => {
    if (!entry.scheduled) return { ok: false, reason: 'not-scheduled' } as const;
    await tx.query(
      `update cms_entries set scheduled_for = null, scheduled_fields = null, scheduled_by = null, scheduled_at = null, scheduled_batch = null
        where partner_id = $1 and grp = $2 and slug = $3`,
      key,
    );
    await touch(tx, key, 'unschedule', by, null);
    return { ok: true } as const;
  });
}

export interface AppliedSchedule {
  partnerId: string;
  group: string;
  slug: string;
  version: number;
}

/**
 * Publishes every scheduled entry due at `now` (the schedule job and tests call it). Each becomes a
 * new version by the editor who scheduled it, dated `now`; the draft is cleared when it is still
 * what was scheduled, and kept when it was edited since. Rows another instance is applying are
 * skipped, so two servers on one database never publish one schedule twice.
 */
/** One version a scheduled page publish made (the page's history item names them). */
export interface BatchChange {
  content_name: CmsContentName;
  slug: string;
  name: string;
  from: number | null;
  to: number;
}

/** Records a page's history item for a batch just applied, inside the same transaction (repos/cms-pages.ts). */
export type RecordBatch = (tx: Queryable, partnerId: string, batch: string, by: string, at: Date, changes: BatchChange[]) => Promise<void>;

export async function applyDueSchedules(db: Db, now: Date, limit = 50, recordBatch?: RecordBatch): Promise<AppliedSchedule[]> {
  return db.transaction(async (tx) => {
    type Due = {
      partner_id: string;
      grp: string;
      slug: string;
      name: string;
      scheduled_by: string;
      same: boolean;
      scheduled_batch: string | null;
    };
    const select = `select partner_id, grp, slug, name, scheduled_by, draft is not null and draft = scheduled_fields as same, scheduled_batch
                      from cms_entries`;
    const { rows } = await tx.query<Due>(
      `${select} where scheduled_for is not null and scheduled_for <= $1 order by scheduled_for limit $2 for update skip locked`,
      [now.toISOString(), limit],
    );
    // A page's batch goes live whole: rows of a batch the limit cut off come along.
    const batches = [...new Set(rows.map((row) => row.scheduled_batch).filter((b): b is string => b !== null))];
    if (batches.length) {
      const seen = new Set(rows.map((row) => `${row.partner_id}/${row.grp}/${row.slug}`));
      const { rows: rest } = await tx.query<Due>(
        `${select} where scheduled_batch = any($1::text[]) and scheduled_for is not null for update skip locked`,
        [batches],
      );
      for (const row of rest) if (!seen.has(`${row.partner_id}/${row.grp}/${row.slug}`)) rows.push(row);
    }
    const applied: AppliedSchedule[] = [];
    const batchChanges = new Map<string, { partnerId: string; by: string; changes: BatchChange[] }>();
    for (const row of rows) {
      const key: [string, string, string] = [row.partner_id, row.grp, row.slug];
      const { rows: fieldRows } = await tx.query<{ fields: Fields; version: number | null }>(
        `select scheduled_fields as fields,
                (select max(version) from cms_versions v where v.partner_id = e.partner_id and v.grp = e.grp and v.slug = e.slug) as version
           from cms_entries e where partner_id = $1 and grp = $2 and slug = $3`,
        key,
      );
      const fields = fieldRows[0]?.fields;
      if (!fields) continue;
      const before = fieldRows[0]?.version;
      const version = await insertVersion(tx, key, fields, row.scheduled_by, 'Scheduled publish', now);
      await tx.query(
        `update cms_entries
            set scheduled_for = null, scheduled_fields = null, scheduled_by = null, scheduled_at = null, scheduled_batch = null,
                draft = case when $4 then null else draft end,
                draft_updated_at = case when $4 then null else draft_updated_at end,
                draft_updated_by = case when $4 then null else draft_updated_by end,
                draft_problems = case when $4 then null else draft_problems end
          where partner_id = $1 and grp = $2 and slug = $3`,
        [...key, row.same],
      );
      await touch(tx, key, 'scheduled-publish', row.scheduled_by, now);
      applied.push({ partnerId: row.partner_id, group: row.grp, slug: row.slug, version });
      if (row.scheduled_batch) {
        const batch = batchChanges.get(row.scheduled_batch) ?? { partnerId: row.partner_id, by: row.scheduled_by, changes: [] };
        batch.changes.push({
          content_name: contentNameOf(row.grp),
          slug: row.slug,
          name: row.name,
          from: before === null || before === undefined ? null : Number(before),
          to: version,
        });
        batchChanges.set(row.scheduled_batch, batch);
      }
    }
    if (recordBatch) {
      for (const [batch, { partnerId, by, changes }] of batchChanges) await recordBatch(tx, partnerId, batch, by, now, changes);
    }
    return applied;
  });
}

/** One published version with its fields (sanitised), or null. */
export async function getVersion(
  db: Queryable,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  version: number,
): Promise<(VersionInfo & { fields: Fields }) | null> {
  const { rows } = await db.query<{ version: number; published_at: Timestamp; published_by: string; note: string | null; fields: Fields }>(
    `select version, published_at, published_by, note, fields from cms_versions
      where partner_id = $1 and grp = $2 and slug = $3 and version = $4`,
    [partnerId, cmsGroupOf(contentName), slug, version],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    version: Number(row.version),
    published_at: iso(row.published_at) ?? '',
    published_by: row.published_by,
    note: row.note,
    fields: sanitizeCmsFields(contentName, row.fields),
  };
}

export async function listVersions(db: Queryable, partnerId: string, contentName: CmsContentName, slug: string): Promise<VersionInfo[]> {
  const { rows } = await db.query<{ version: number; published_at: Timestamp; published_by: string; note: string | null }>(
    `select version, published_at, published_by, note from cms_versions
      where partner_id = $1 and grp = $2 and slug = $3 order by version desc`,
    [partnerId, cmsGroupOf(contentName), slug],
  );
  return rows.map((r) => ({
    version: Number(r.version),
    published_at: iso(r.published_at) ?? '',
    published_by: r.published_by,
    note: r.note,
  }));
}

/** Which of these merchant ids exist (the link rule: a merchant page must answer). */
export async function existingMerchantIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>('select id from merchants where id = any($1::text[])', [[...new Set(ids)]]);
  return new Set(rows.map((row) => row.id));
}

/** The slugs (lower case) of the partner's live earn pages: /earn/<url> of each published earn_details entry. */
export async function liveEarnPages(db: Queryable, partnerId: string): Promise<Set<string>> {
  const { rows } = await db.query<{ url: string | null }>(
    `select v.fields->>'url' as url from cms_entries e
       join lateral (select fields from cms_versions where partner_id = e.partner_id and grp = e.grp and slug = e.slug
                      order by version desc limit 1) v on true
      where e.partner_id = $1 and e.grp = 'earn_details'`,
    [partnerId],
  );
  // As the member app reads it.
  return new Set(rows.map((row) => earnSlugOf(row.url ?? '')).filter(Boolean));
}

/** The url and browser title of each earn page's live version, for the editor's link picker. */
export async function liveEarnPageTitles(
  db: Queryable,
  partnerId: string,
): Promise<Array<{ slug: string; url: string | null; title: string | null }>> {
  const { rows } = await db.query<{ url: string | null; title: string | null; slug: string }>(
    `select e.slug, v.fields->>'url' as url, v.fields->>'browser_title' as title from cms_entries e
       join lateral (select fields from cms_versions where partner_id = e.partner_id and grp = e.grp and slug = e.slug
                      order by version desc limit 1) v on true
      where e.partner_id = $1 and e.grp = 'earn_details'`,
    [partnerId],
  );
  return rows;
}

/**
 * Test hook (MB_TEST_HOOKS=1 only): moves one entry's scheduled publish ageMs earlier, as if that
 * much time had passed for it alone.
 */
export async function ageSchedule(db: Queryable, key: [string, string, string], ageMs: number): Promise<void> {
  await db.query(
    `update cms_entries set scheduled_for = scheduled_for - ($4::bigint * interval '1 millisecond')
      where partner_id = $1 and grp = $2 and slug = $3 and scheduled_for is not null`,
    [...key, ageMs],
  );
}

/** Whether the entry has a scheduled publish waiting. */
export async function isScheduled(db: Queryable, key: [string, string, string]): Promise<boolean> {
  const { rows } = await db.query<{ scheduled: boolean }>(
    'select scheduled_for is not null as scheduled from cms_entries where partner_id = $1 and grp = $2 and slug = $3',
    key,
  );
  return rows[0]?.scheduled ?? false;
}

// ---------------------------------------------------------------------------------------------
// New, duplicate and delete (the editor's lists)

/** How many `-2`, `-3`, ... a new entry's slug tries before giving up. */
const MAX_SLUG_TRIES = 50;

/** A slug from a display name: "Double points weekend!" -> "double-points-weekend". */
export function slugFrom(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'entry';
}

export type CreateResult = { ok: true; slug: string } | { ok: false; reason: 'no-slug' | 'not-found' };

/**
 * Creates a new entry holding only a draft (never published, so members see nothing of it until it
 * is). Its slug comes from the name, made unique in the group with `-2`, `-3`, ... ; the layout slug
 * is never taken. With `copyOf`, the fields are that entry's draft, else its live version.
 */
export async function createEntry(
  db: Db,
  partnerId: string,
  contentName: CmsContentName,
  entry: {
    name: string;
    fields: Fields | null;
    copyOf?: string | undefined;
    by: string;
    problems: (tx: Queryable, fields: Fields) => Promise<FieldProblem[]>;
  },
): Promise<CreateResult> {
  const grp = cmsGroupOf(contentName);
  return db.transaction(async (tx) => {
    let fields = entry.fields ?? {};
    if (entry.copyOf !== undefined) {
      const { rows } = await tx.query<{ draft: Fields | null; fields: Fields | null }>(
        `select e.draft, (select fields from cms_versions v where v.partner_id = e.partner_id and v.grp = e.grp and v.slug = e.slug
                           order by version desc limit 1) as fields
           from cms_entries e where e.partner_id = $1 and e.grp = $2 and e.slug = $3`,
        [partnerId, grp, entry.copyOf],
      );
      const source = rows[0];
      const copied = source?.draft ?? source?.fields;
      if (!copied) return { ok: false, reason: 'not-found' } as const;
      fields = copied;
    }
    const problems = await entry.problems(tx, fields);
    const base = slugFrom(entry.name);
    for (let n = 1; n <= MAX_SLUG_TRIES; n++) {
      const slug = n === 1 ? base : `${base.slice(0, 95)}-${n}`;
      if (slug === LAYOUT_SLUG) continue;
      const { rows } = await tx.query<{ slug: string }>(
        `insert into cms_entries (partner_id, grp, slug, name, draft, draft_updated_at, draft_updated_by, draft_problems,
                                  revision, change_kind, changed_by, changed_at)
         values ($1, $2, $3, $4, $5, now(), $6, $7, 1, 'draft', $6, now())
         on conflict do nothing returning slug`,
        [partnerId, grp, slug, entry.name, JSON.stringify(fields), entry.by, JSON.stringify(problems)],
      );
      if (rows[0]) return { ok: true, slug } as const;
    }
    return { ok: false, reason: 'no-slug' } as const;
  });
}

export type DeleteResult = { ok: true } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'in-use'; pages: string[] } | Stale;

/**
 * Deletes an entry with every version of it, its schedule and kept versions, unless `usedBy` names a
 * page that uses it (in-use; nothing is deleted). The home and discover layouts are locked first (the
 * order page writes lock in), so a layout saved meanwhile is either seen by `usedBy` or saved after.
 */
export async function deleteEntry(
  db: Db,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  options: { baseRevision?: number | undefined; usedBy: (tx: Queryable) => Promise<string[]> },
): Promise<DeleteResult> {
  const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
  return db.transaction(async (tx) => {
    await tx.query(
      `select slug from cms_entries where partner_id = $1 and grp in ('discover', 'home') and slug = $2 order by grp for update`,
      [partnerId, LAYOUT_SLUG],
    );
    const entry = await lockEntry(tx, key);
    if (!entry) return { ok: false, reason: 'not-found' } as const;
    const stale = staleAgainst(entry, options.baseRevision);
    if (stale) return stale;
    const pages = await options.usedBy(tx);
    if (pages.length > 0) return { ok: false, reason: 'in-use', pages } as const;
    // Versions and kept versions go with it (foreign keys, on delete cascade).
    await tx.query('delete from cms_entries where partner_id = $1 and grp = $2 and slug = $3', key);
    return { ok: true } as const;
  });
}
