// CMS content: one row per entry in cms_entries (holding the draft) and every published version in
// cms_versions (never rewritten: rollback publishes a copy as a new version).
import type { CmsContentName } from '#shared/cms.ts';
import { cmsGroupOf } from '#shared/cms.ts';
import type { CmsPage, CmsPagesResponse } from '#shared/generated/types.ts';
import type { Db, Queryable } from '../db/index.ts';
import { sanitizeCmsFields } from '../cms-sanitize.ts';

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
  /** draft: never published; published: live, no pending draft; changed: live with a pending draft. */
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
}

export interface EditorEntry extends EditorEntrySummary {
  content_name: CmsContentName;
  draft: Fields | null;
  published: Fields | null;
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
}

const ENTRY_SELECT = `
  select e.slug, e.name, e.draft, e.draft_updated_at, e.draft_updated_by, v.version, v.fields, v.published_at,
         e.revision, e.change_kind, e.changed_by, e.changed_at, e.scheduled_for, e.scheduled_by, e.scheduled_at
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
    status: row.version === null ? 'draft' : hasDraft ? 'changed' : 'published',
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

export async function getEditorEntry(
  db: Queryable,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
): Promise<EditorEntry | null> {
  const { rows } = await db.query<EntryRow>(`${ENTRY_SELECT} where e.partner_id = $1 and e.grp = $2 and e.slug = $3`, [
    partnerId,
    cmsGroupOf(contentName),
    slug,
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    ...summaryOf(row),
    content_name: contentName,
    draft: row.draft === null ? null : sanitizeCmsFields(contentName, row.draft),
    published: row.fields === null ? null : sanitizeCmsFields(contentName, row.fields),
  };
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

interface LockedEntry {
  draft: Fields | null;
  revision: number;
  change: LastChange | null;
  version: number | null;
  scheduled: boolean;
}

/** Locks an entry's row for this transaction (serialising every write to it) and reads its state. */
async function lockEntry(tx: Queryable, key: [string, string, string]): Promise<LockedEntry | null> {
  const { rows } = await tx.query<{
    draft: Fields | null;
    revision: number | string;
    change_kind: ChangeKind | null;
    changed_by: string | null;
    changed_at: Timestamp;
    scheduled_for: Timestamp;
  }>(
    `select draft, revision, change_kind, changed_by, changed_at, scheduled_for from cms_entries
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
    draft: row.draft,
    revision: Number(row.revision),
    change: lastChangeOf(row),
    version: version === null || version === undefined ? null : Number(version),
    scheduled: row.scheduled_for !== null,
  };
}

/** The refusal for a write based on `base` when the entry is at another revision, else null. */
function staleAgainst(entry: LockedEntry, base: number | undefined): Stale | null {
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
async function touch(tx: Queryable, key: [string, string, string], kind: ChangeKind, by: string, at: Date | null): Promise<void> {
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
  draft: { name?: string | undefined; fields: Fields; by: string; baseRevision?: number | undefined },
): Promise<SaveResult> {
  const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
  return db.transaction(async (tx) => {
    const entry = await lockEntry(tx, key);
    const stale = entry ? staleAgainst(entry, draft.baseRevision) : null;
    if (stale) return stale;
    await tx.query(
      `insert into cms_entries (partner_id, grp, slug, name, draft, draft_updated_at, draft_updated_by)
       values ($1, $2, $3, coalesce($4, $3), $5, now(), $6)
       on conflict (partner_id, grp, slug) do update
         set name = coalesce($4, cms_entries.name), draft = excluded.draft,
             draft_updated_at = excluded.draft_updated_at, draft_updated_by = excluded.draft_updated_by`,
      [...key, draft.name ?? null, JSON.stringify(draft.fields), draft.by],
    );
    await touch(tx, key, 'draft', draft.by, null);
    return { ok: true } as const;
  });
}

export type PublishResult = { ok: true; version: number } | { ok: false; reason: 'not-found' | 'no-draft' } | Invalid | Stale;

/** A publish refused by its `prepare` step, with the problems by JSON pointer. */
export interface Invalid {
  ok: false;
  reason: 'invalid';
  problems: Array<{ pointer: string; message: string }>;
}

/**
 * Completes and checks fields about to go live, in the publish's transaction (the media library
 * fills in its images and refuses any without alt text); any problem refuses the publish.
 */
export type PreparePublish = (tx: Queryable, fields: Fields) => Promise<{ fields: Fields; problems: Invalid['problems'] }>;

async function prepared(tx: Queryable, fields: Fields, prepare: PreparePublish | undefined): Promise<Fields | Invalid> {
  if (!prepare) return fields;
  const result = await prepare(tx, fields);
  return result.problems.length ? { ok: false, reason: 'invalid', problems: result.problems } : result.fields;
}

const isInvalid = (value: Fields | Invalid): value is Invalid => (value as Partial<Invalid>).reason === 'invalid' && value.ok === false;

async function insertVersion(
  tx: Queryable,
  key: [string, string, string],
  fields: Fields | string,
  by: string,
  note: string | null,
  publishedAt: Date | null = null,
): Promise<number> {
  const { rows } = await tx.query<{ version: number }>(
    `insert into cms_versions (partner_id, grp, slug, version, fields, published_by, note, published_at)
     select $1, $2, $3, coalesce(max(version), 0) + 1, $4, $5, $6, coalesce($7, now())
       from cms_versions where partner_id = $1 and grp = $2 and slug = $3
     returning version`,
    [...key, typeof fields === 'string' ? fields : JSON.stringify(fields), by, note, publishedAt?.toISOString() ?? null],
  );
  return Number(rows[0]?.version);
}

/** Publishes the draft as a new version and clears the draft (refused as Stale when based on an old revision). */
export async function publishDraft(
  db: Db,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  by: string,
  note: string | null,
  baseRevision?: number,
  prepare?: PreparePublish,
): Promise<PublishResult> {
  const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
  // The row lock serialises concurrent publishes of one entry, so version numbers never collide.
  return writeLocked(db, key, baseRevision, async (tx, entry) => {
    if (entry.draft === null) return { ok: false, reason: 'no-draft' } as const;
    const fields = await prepared(tx, entry.draft, prepare);
    if (isInvalid(fields)) return fields;
    const version = await insertVersion(tx, key, fields, by, note);
    await tx.query(
      'update cms_entries set draft = null, draft_updated_at = null, draft_updated_by = null where partner_id = $1 and grp = $2 and slug = $3',
      key,
    );
    await touch(tx, key, 'publish', by, null);
    return { ok: true, version } as const;
  });
}

export type RollbackResult = { ok: true; version: number } | { ok: false; reason: 'not-found' | 'no-version' } | Invalid | Stale;

/**
 * Publishes a copy of an earlier version as a new version; history is never rewritten. A pending
 * draft is kept (it is unpublished work, and the editor sees the entry as "changed").
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
  prepare?: PreparePublish,
): Promise<RollbackResult> {
  const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
  return writeLocked(db, key, baseRevision, async (tx) => {
    const { rows } = await tx.query<{ fields: Fields }>(
      'select fields from cms_versions where partner_id = $1 and grp = $2 and slug = $3 and version = $4',
      [...key, version],
    );
    const old = rows[0];
    if (!old) return { ok: false, reason: 'no-version' } as const;
    const fields = await prepared(tx, old.fields, prepare);
    if (isInvalid(fields)) return fields;
    const created = await insertVersion(tx, key, fields, by, note ?? `Rollback to version ${version}`);
    await touch(tx, key, 'rollback', by, null);
    return { ok: true, version: created } as const;
  });
}

export type ScheduleResult = { ok: true } | { ok: false; reason: 'not-found' | 'no-draft' | 'not-scheduled' } | Invalid | Stale;

/**
 * Schedules the draft, as it is now, to be published at `at` (replacing an earlier schedule). Later
 * edits stay in the draft and are not part of it; scheduling again takes them.
 */
export async function scheduleDraft(
  db: Db,
  partnerId: string,
  contentName: CmsContentName,
  slug: string,
  schedule: { at: Date; by: string; baseRevision?: number | undefined },
  prepare?: PreparePublish,
): Promise<ScheduleResult> {
  const key: [string, string, string] = [partnerId, cmsGroupOf(contentName), slug];
  return writeLocked(db, key, schedule.baseRevision, async (tx, entry) => {
    if (entry.draft === null) return { ok: false, reason: 'no-draft' } as const;
    const fields = await prepared(tx, entry.draft, prepare);
    if (isInvalid(fields)) return fields;
    await tx.query(
      `update cms_entries set scheduled_for = $4, scheduled_fields = $6, scheduled_by = $5, scheduled_at = now()
        where partner_id = $1 and grp = $2 and slug = $3`,
      [...key, schedule.at.toISOString(), schedule.by, JSON.stringify(fields)],
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
      `update cms_entries set scheduled_for = null, scheduled_fields = null, scheduled_by = null, scheduled_at = null
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
export async function applyDueSchedules(db: Db, now: Date, limit = 50): Promise<AppliedSchedule[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ partner_id: string; grp: string; slug: string; scheduled_by: string; same: boolean }>(
      `select partner_id, grp, slug, scheduled_by, draft is not null and draft = scheduled_fields as same
         from cms_entries where scheduled_for is not null and scheduled_for <= $1
        order by scheduled_for limit $2 for update skip locked`,
      [now.toISOString(), limit],
    );
    const applied: AppliedSchedule[] = [];
    for (const row of rows) {
      const key: [string, string, string] = [row.partner_id, row.grp, row.slug];
      const { rows: fieldRows } = await tx.query<{ fields: Fields }>(
        'select scheduled_fields as fields from cms_entries where partner_id = $1 and grp = $2 and slug = $3',
        key,
      );
      const fields = fieldRows[0]?.fields;
      if (!fields) continue;
      const version = await insertVersion(tx, key, fields, row.scheduled_by, 'Scheduled publish', now);
      await tx.query(
        `update cms_entries
            set scheduled_for = null, scheduled_fields = null, scheduled_by = null, scheduled_at = null,
                draft = case when $4 then null else draft end,
                draft_updated_at = case when $4 then null else draft_updated_at end,
                draft_updated_by = case when $4 then null else draft_updated_by end
          where partner_id = $1 and grp = $2 and slug = $3`,
        [...key, row.same],
      );
      await touch(tx, key, 'scheduled-publish', row.scheduled_by, now);
      applied.push({ partnerId: row.partner_id, group: row.grp, slug: row.slug, version });
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

// ---------------------------------------------------------------------------------------------
// Editors and their sign-in throttling

export interface EditorRow {
  id: number;
  partner_id: string;
  email: string;
  name: string;
  password_hash: string;
}

export async function findEditorByEmail(db: Queryable, partnerId: string, email: string): Promise<EditorRow | null> {
  const { rows } = await db.query<EditorRow>(
    'select id, partner_id, email, name, password_hash from cms_editors where partner_id = $1 and lower(email) = lower($2)',
    [partnerId, email],
  );
  const row = rows[0];
  return row ? { ...row, id: Number(row.id) } : null;
}

export async function findEditorById(db: Queryable, id: number): Promise<EditorRow | null> {
  const { rows } = await db.query<EditorRow>('select id, partner_id, email, name, password_hash from cms_editors where id = $1', [id]);
  const row = rows[0];
  return row ? { ...row, id: Number(row.id) } : null;
}

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Milliseconds until sign-in is allowed again for this email, or 0 when it is allowed now: at
 * LOGIN_FAILURE_LIMIT failures within the window, the oldest of them has to age out first.
 */
export async function loginBlockedForMs(db: Queryable, partnerId: string, email: string): Promise<number> {
  const { rows } = await db.query<{ failed_at: Timestamp }>(
    `select failed_at from cms_editor_login_failures
      where partner_id = $1 and email = lower($2) and failed_at > now() - make_interval(secs => $3)
      order by failed_at desc limit $4`,
    [partnerId, email, LOGIN_FAILURE_WINDOW_MS / 1000, LOGIN_FAILURE_LIMIT],
  );
  if (rows.length < LOGIN_FAILURE_LIMIT) return 0;
  const oldest = rows[rows.length - 1]?.failed_at ?? null;
  return oldest === null ? 0 : Math.max(1000, new Date(oldest).getTime() + LOGIN_FAILURE_WINDOW_MS - Date.now());
}

export async function recordLoginFailure(db: Queryable, partnerId: string, email: string): Promise<void> {
  // Old rows of this email are pruned as new ones arrive, so the table stays small.
  await db.query(
    `delete from cms_editor_login_failures
      where partner_id = $1 and email = lower($2) and failed_at <= now() - make_interval(secs => $3)`,
    [partnerId, email, LOGIN_FAILURE_WINDOW_MS / 1000],
  );
  await db.query('insert into cms_editor_login_failures (partner_id, email) values ($1, lower($2))', [partnerId, email]);
}

export async function clearLoginFailures(db: Queryable, partnerId: string, email: string): Promise<void> {
  await db.query('delete from cms_editor_login_failures where partner_id = $1 and email = lower($2)', [partnerId, email]);
}
