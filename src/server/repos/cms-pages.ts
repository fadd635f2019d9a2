// A page as one thing: the home or discover layout entry and the CMS entries its blocks
// show (#shared/page-entries.ts). Publish, schedule and rollback act on all of them in one
// transaction, and each is one item of the page's history (cms_page_history) that names every
// version it made and what the page showed right after. Locks are taken layout first, then the
// entries in key order, so two page writes never wait on each other in a circle.
import { randomUUID } from 'node:crypto';
import { cmsGroupOf, LAYOUT_SLUG, type CmsContentName } from '#shared/cms.ts';
import { referencedEntries, type EntryRef, type PageGroup } from '#shared/page-entries.ts';
import type { FieldProblem } from '#shared/cms-problems.ts';
import type { Db, Queryable } from '../db/index.ts';
import { sanitizeCmsFields } from '../cms-sanitize.ts';
import { clearDraft, draftIsLive, insertVersion, lockEntry, staleAgainst, touch, type LockedEntry, type Stale } from './cms.ts';

type Fields = Record<string, unknown>;
type Key = [string, string, string];

const contentNameOf = (grp: string): CmsContentName => (grp === 'global' ? '*' : grp) as CmsContentName;
const refKey = (ref: EntryRef) => `${ref.contentName}/${ref.slug}`;

/** One version a page write made. */
export interface PageChange {
  content_name: CmsContentName;
  slug: string;
  name: string;
  /** The version live before, null when the entry was never published. */
  from: number | null;
  to: number;
}

export interface PageProblem extends FieldProblem {
  content_name: CmsContentName;
  slug: string;
  name: string;
}

/** Checks fields of one member of the page before they go live. */
export type PageCheck = (tx: Queryable, ref: EntryRef, fields: Fields) => Promise<FieldProblem[]>;

interface Member {
  ref: EntryRef;
  key: Key;
  entry: LockedEntry;
}

const layoutRef = (page: PageGroup): EntryRef => ({ contentName: page, slug: LAYOUT_SLUG });
const keyOf = (partnerId: string, ref: EntryRef): Key => [partnerId, cmsGroupOf(ref.contentName), ref.slug];

async function latestFields(tx: Queryable, key: Key): Promise<Fields | null> {
  const { rows } = await tx.query<{ fields: Fields }>(
    'select fields from cms_versions where partner_id = $1 and grp = $2 and slug = $3 order by version desc limit 1',
    key,
  );
  return rows[0]?.fields ?? null;
}

/**
 * Locks the page's layout and then the entries it shows (as its draft shows them, else as live), and
 * reads them; null when the page has no layout entry.
 */
async function lockPage(tx: Queryable, partnerId: string, page: PageGroup, extra: readonly EntryRef[] = []): Promise<Member[] | null> {
  const layoutKey = keyOf(partnerId, layoutRef(page));
  const layout = await lockEntry(tx, layoutKey);
  if (!layout) return null;
  const shown = layout.draft ?? (await latestFields(tx, layoutKey));
  const refs = new Map<string, EntryRef>();
  for (const ref of [...referencedEntries(shown), ...extra]) {
    if (!(ref.contentName === page && ref.slug === LAYOUT_SLUG)) refs.set(refKey(ref), ref);
  }
  const members: Member[] = [{ ref: layoutRef(page), key: layoutKey, entry: layout }];
  for (const key of [...refs.keys()].sort()) {
    const ref = refs.get(key)!;
    const entryKey = keyOf(partnerId, ref);
    const entry = await lockEntry(tx, entryKey);
    if (entry) members.push({ ref, key: entryKey, entry });
  }
  return members;
}

/** Members whose draft would change what members see. */
async function pendingOf(tx: Queryable, members: readonly Member[]): Promise<Member[]> {
  const pending: Member[] = [];
  for (const member of members) {
    if (member.entry.draft !== null && !(await draftIsLive(tx, member.key))) pending.push(member);
  }
  return pending;
}

async function problemsOf(
  tx: Queryable,
  members: readonly Member[],
  check: PageCheck,
  fieldsOf: (m: Member) => Fields,
): Promise<PageProblem[]> {
  const problems: PageProblem[] = [];
  for (const member of members) {
    for (const problem of await check(tx, member.ref, fieldsOf(member))) {
      problems.push({ ...problem, content_name: member.ref.contentName, slug: member.ref.slug, name: member.entry.name });
    }
  }
  return problems;
}

/** What the page shows now: the latest version of its layout and of every entry it references. */
async function snapshotOf(
  tx: Queryable,
  partnerId: string,
  page: PageGroup,
): Promise<Array<{ grp: string; slug: string; version: number }>> {
  const layoutKey = keyOf(partnerId, layoutRef(page));
  const refs = [layoutRef(page), ...referencedEntries(await latestFields(tx, layoutKey))];
  const snapshot: Array<{ grp: string; slug: string; version: number }> = [];
  for (const ref of refs) {
    const key = keyOf(partnerId, ref);
    const { rows } = await tx.query<{ version: number | null }>(
      'select max(version) as version from cms_versions where partner_id = $1 and grp = $2 and slug = $3',
      key,
    );
    const version = rows[0]?.version;
    if (version !== null && version !== undefined) snapshot.push({ grp: key[1], slug: key[2], version: Number(version) });
  }
  return snapshot;
}

async function recordHistory(
  tx: Queryable,
  partnerId: string,
  page: PageGroup,
  item: { kind: 'publish' | 'rollback' | 'scheduled-publish'; by: string; note: string | null; changes: PageChange[]; at?: Date },
): Promise<number> {
  const snapshot = await snapshotOf(tx, partnerId, page);
  const { rows: earlier } = await tx.query('select 1 from cms_page_history where partner_id = $1 and page = $2 limit 1', [partnerId, page]);
  if (earlier.length === 0) {
    // The page's first item: how it was before, as a place to roll back to. The versions before this
    // item's changes; an entry it published for the first time was not on the page before.
    const before = new Map(item.changes.map((c) => [`${cmsGroupOf(c.content_name)}/${c.slug}`, c.from]));
    const start = snapshot.flatMap((s) => {
      const key = `${s.grp}/${s.slug}`;
      if (!before.has(key)) return [s];
      const from = before.get(key);
      return from === null || from === undefined ? [] : [{ ...s, version: from }];
    });
    if (start.length)
      await tx.query(
        `insert into cms_page_history (partner_id, page, kind, by_editor, note, changes, snapshot, at)
         values ($1, $2, 'start', $3, null, '[]', $4, coalesce($5, now()))`,
        [partnerId, page, item.by, JSON.stringify(start), item.at?.toISOString() ?? null],
      );
  }
  const { rows } = await tx.query<{ id: number }>(
    `insert into cms_page_history (partner_id, page, kind, by_editor, note, changes, snapshot, at)
     values ($1, $2, $3, $4, $5, $6, $7, coalesce($8, now())) returning id`,
    [
      partnerId,
      page,
      item.kind,
      item.by,
      item.note,
      JSON.stringify(item.changes.map((c) => ({ ...c, grp: cmsGroupOf(c.content_name) }))),
      JSON.stringify(snapshot),
      item.at?.toISOString() ?? null,
    ],
  );
  return Number(rows[0]?.id);
}

export type PagePublishResult =
  | { ok: true; item: number; changes: PageChange[] }
  | { ok: false; reason: 'not-found' | 'no-draft' }
  | { ok: false; reason: 'invalid'; problems: PageProblem[] }
  | (Stale & { content_name: CmsContentName; slug: string; name: string });

/**
 * Publishes the page: every draft of the layout and of the entries it shows that differs from what is
 * live, in one transaction, as one history item. Refused whole when any of them is stale (a base
 * revision named for it moved on) or has problems.
 */
export async function publishPage(
  db: Db,
  partnerId: string,
  page: PageGroup,
  options: { by: string; note: string | null; baseRevisions: Readonly<Record<string, number | undefined>>; check: PageCheck },
): Promise<PagePublishResult> {
  return db.transaction(async (tx) => {
    const members = await lockPage(tx, partnerId, page);
    if (!members) return { ok: false, reason: 'not-found' } as const;
    for (const member of members) {
      const stale = staleAgainst(member.entry, options.baseRevisions[refKey(member.ref)]);
      if (stale) return { ...stale, content_name: member.ref.contentName, slug: member.ref.slug, name: member.entry.name };
    }
    const pending = await pendingOf(tx, members);
    if (pending.length === 0) return { ok: false, reason: 'no-draft' } as const;
    const problems = await problemsOf(tx, pending, options.check, (m) => m.entry.draft ?? {});
    if (problems.length) return { ok: false, reason: 'invalid', problems } as const;
    const changes: PageChange[] = [];
    for (const member of pending) {
      const to = await insertVersion(
        tx,
        member.key,
        member.entry.draft ?? {},
        options.by,
        options.note ?? `Published with the ${page} page`,
      );
      await clearDraft(tx, member.key);
      await touch(tx, member.key, 'publish', options.by, null);
      changes.push({
        content_name: member.ref.contentName,
        slug: member.ref.slug,
        name: member.entry.name,
        from: member.entry.version,
        to,
      });
    }
    const item = await recordHistory(tx, partnerId, page, { kind: 'publish', by: options.by, note: options.note, changes });
    return { ok: true, item, changes } as const;
  });
}

export type PageRollbackResult =
  | { ok: true; item: number; changes: PageChange[] }
  | { ok: false; reason: 'not-found' | 'no-change' }
  | { ok: false; reason: 'draft-pending'; names: string[] }
  | { ok: false; reason: 'invalid'; problems: PageProblem[] };

/**
 * Restores the page as a history item left it: the layout and every entry it showed go back to those
 * versions (each a new version, history is never rewritten), and those become the drafts too, so the
 * next publish keeps the rolled-back page. Unpublished drafts would be dropped: refused (draft-pending)
 * unless `discardDrafts`. One transaction, one history item.
 */
export async function rollbackPage(
  db: Db,
  partnerId: string,
  page: PageGroup,
  itemId: number,
  options: { by: string; note: string | null; discardDrafts: boolean; check: PageCheck },
): Promise<PageRollbackResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ snapshot: Array<{ grp: string; slug: string; version: number }>; at: string | Date }>(
      'select snapshot, at from cms_page_history where partner_id = $1 and page = $2 and id = $3',
      [partnerId, page, itemId],
    );
    const item = rows[0];
    if (!item) return { ok: false, reason: 'not-found' } as const;
    const wanted = new Map(item.snapshot.map((s) => [`${contentNameOf(s.grp)}/${s.slug}`, s.version]));
    const extra = item.snapshot.map((s) => ({ contentName: contentNameOf(s.grp), slug: s.slug }));
    const members = await lockPage(tx, partnerId, page, extra);
    if (!members) return { ok: false, reason: 'not-found' } as const;
    const restored = members.filter((m) => wanted.has(refKey(m.ref)));
    const drafts = await pendingOf(tx, restored);
    if (drafts.length && !options.discardDrafts)
      return { ok: false, reason: 'draft-pending', names: drafts.map((m) => m.entry.name) } as const;

    const moving: Array<{ member: Member; fields: Fields; version: number }> = [];
    for (const member of restored) {
      const version = wanted.get(refKey(member.ref))!;
      if (version === member.entry.version) continue;
      const { rows: found } = await tx.query<{ fields: Fields }>(
        'select fields from cms_versions where partner_id = $1 and grp = $2 and slug = $3 and version = $4',
        [...member.key, version],
      );
      if (found[0]) moving.push({ member, fields: found[0].fields, version });
    }
    const problems = await problemsOf(
      tx,
      moving.map((m) => m.member),
      options.check,
      (m) => moving.find((x) => x.member === m)!.fields,
    );
    if (problems.length) return { ok: false, reason: 'invalid', problems } as const;
    const when = new Date(item.at).toISOString().slice(0, 16).replace('T', ' ');
    const changes: PageChange[] = [];
    for (const { member, fields, version } of moving) {
      const to = await insertVersion(
        tx,
        member.key,
        fields,
        options.by,
        options.note ?? `Rolled back with the page to ${when} UTC (version ${version})`,
      );
      changes.push({
        content_name: member.ref.contentName,
        slug: member.ref.slug,
        name: member.entry.name,
        from: member.entry.version,
        to,
      });
    }
    const touched = new Set([...moving.map((m) => m.member), ...restored.filter((m) => m.entry.draft !== null)]);
    if (touched.size === 0) return { ok: false, reason: 'no-change' } as const;
    for (const member of touched) {
      await clearDraft(tx, member.key);
      await touch(tx, member.key, 'rollback', options.by, null);
    }
    const id = await recordHistory(tx, partnerId, page, {
      kind: 'rollback',
      by: options.by,
      note: options.note ?? `Rolled back to the page as published at ${when} UTC`,
      changes,
    });
    return { ok: true, item: id, changes } as const;
  });
}

export type PageScheduleResult =
  | { ok: true; scheduled: Array<{ content_name: CmsContentName; slug: string; name: string }> }
  | { ok: false; reason: 'not-found' | 'no-draft' }
  | { ok: false; reason: 'invalid'; problems: PageProblem[] };

/**
 * Schedules every pending draft of the page, as it is now, to go live together at `at` (one batch:
 * the schedule job applies it in one transaction, as one history item).
 */
export async function schedulePage(
  db: Db,
  partnerId: string,
  page: PageGroup,
  options: { at: Date; by: string; check: PageCheck },
): Promise<PageScheduleResult> {
  return db.transaction(async (tx) => {
    const members = await lockPage(tx, partnerId, page);
    if (!members) return { ok: false, reason: 'not-found' } as const;
    const pending = await pendingOf(tx, members);
    if (pending.length === 0) return { ok: false, reason: 'no-draft' } as const;
    const problems = await problemsOf(tx, pending, options.check, (m) => m.entry.draft ?? {});
    if (problems.length) return { ok: false, reason: 'invalid', problems } as const;
    const batch = `${page}:${randomUUID()}`;
    for (const member of pending) {
      await tx.query(
        `update cms_entries set scheduled_for = $4, scheduled_fields = draft, scheduled_by = $5, scheduled_at = now(), scheduled_batch = $6
          where partner_id = $1 and grp = $2 and slug = $3`,
        [...member.key, options.at.toISOString(), options.by, batch],
      );
      await touch(tx, member.key, 'schedule', options.by, null);
    }
    return {
      ok: true,
      scheduled: pending.map((m) => ({ content_name: m.ref.contentName, slug: m.ref.slug, name: m.entry.name })),
    } as const;
  });
}

/** Records the history item of a page batch the schedule job just applied (inside its transaction). */
export async function recordScheduledPage(
  tx: Queryable,
  partnerId: string,
  batch: string,
  by: string,
  at: Date,
  changes: PageChange[],
): Promise<void> {
  const page = batch.split(':', 1)[0];
  if (page !== 'home' && page !== 'discover') return;
  await recordHistory(tx, partnerId, page, { kind: 'scheduled-publish', by, note: 'Scheduled publish', changes, at });
}

export interface PageHistoryItem {
  id: number;
  kind: 'start' | 'publish' | 'rollback' | 'scheduled-publish';
  by: string;
  at: string;
  note: string | null;
  changes: PageChange[];
}

interface HistoryRow {
  id: number | string;
  kind: PageHistoryItem['kind'];
  by_editor: string;
  at: string | Date;
  note: string | null;
  changes: Array<PageChange & { grp?: string }>;
}

const itemOf = (row: HistoryRow): PageHistoryItem => ({
  id: Number(row.id),
  kind: row.kind,
  by: row.by_editor,
  at: new Date(row.at).toISOString(),
  note: row.note,
  changes: row.changes.map(({ content_name, slug, name, from, to }) => ({ content_name, slug, name, from, to })),
});

/** The page's history, newest first. */
export async function pageHistory(db: Queryable, partnerId: string, page: PageGroup, limit = 50): Promise<PageHistoryItem[]> {
  const { rows } = await db.query<HistoryRow>(
    `select id, kind, by_editor, at, note, changes from cms_page_history where partner_id = $1 and page = $2 order by id desc limit $3`,
    [partnerId, page, limit],
  );
  return rows.map(itemOf);
}

/** One history item with, for each version it made, the fields before and after (for the diff). */
export async function pageHistoryItem(
  db: Queryable,
  partnerId: string,
  page: PageGroup,
  id: number,
): Promise<(PageHistoryItem & { details: Array<PageChange & { before: Fields | null; after: Fields | null }> }) | null> {
  const { rows } = await db.query<HistoryRow>(
    'select id, kind, by_editor, at, note, changes from cms_page_history where partner_id = $1 and page = $2 and id = $3',
    [partnerId, page, id],
  );
  const row = rows[0];
  if (!row) return null;
  const item = itemOf(row);
  const details = [];
  for (const change of item.changes) {
    const key = keyOf(partnerId, { contentName: change.content_name, slug: change.slug });
    const fieldsAt = async (version: number | null) => {
      if (version === null) return null;
      const { rows: found } = await db.query<{ fields: Fields }>(
        'select fields from cms_versions where partner_id = $1 and grp = $2 and slug = $3 and version = $4',
        [...key, version],
      );
      return found[0] ? sanitizeCmsFields(change.content_name, found[0].fields) : null;
    };
    details.push({ ...change, before: await fieldsAt(change.from), after: await fieldsAt(change.to) });
  }
  return { ...item, details };
}

export interface PendingChange {
  content_name: CmsContentName;
  slug: string;
  name: string;
  /** never published (draft) or a draft that differs from live (changed). */
  status: 'draft' | 'changed';
  revision: number;
  problems: FieldProblem[];
}

/** What publishing the page would carry now: its layout and entries with a draft that differs from live. */
export async function pagePending(db: Db, partnerId: string, page: PageGroup): Promise<PendingChange[] | null> {
  // A read, but the same locking walk as a publish, so it names exactly what a publish would take.
  return db.transaction(async (tx) => {
    const members = await lockPage(tx, partnerId, page);
    if (!members) return null;
    const pending = await pendingOf(tx, members);
    const result: PendingChange[] = [];
    for (const member of pending) {
      const { rows } = await tx.query<{ draft_problems: FieldProblem[] | null }>(
        'select draft_problems from cms_entries where partner_id = $1 and grp = $2 and slug = $3',
        member.key,
      );
      result.push({
        content_name: member.ref.contentName,
        slug: member.ref.slug,
        name: member.entry.name,
        status: member.entry.version === null ? 'draft' : 'changed',
        revision: member.entry.revision,
        problems: rows[0]?.draft_problems ?? [],
      });
    }
    return result;
  });
}

/** The pages (home, discover) whose layout, as drafted or live, shows this entry. */
export async function pagesShowing(db: Queryable, partnerId: string, ref: EntryRef): Promise<PageGroup[]> {
  const { rows } = await db.query<{ grp: PageGroup; draft: Fields | null; fields: Fields | null }>(
    `select e.grp, e.draft, v.fields from cms_entries e
       left join lateral (select fields from cms_versions where partner_id = e.partner_id and grp = e.grp and slug = e.slug
                           order by version desc limit 1) v on true
      where e.partner_id = $1 and e.grp in ('home', 'discover') and e.slug = $2 order by e.grp`,
    [partnerId, LAYOUT_SLUG],
  );
  const key = refKey(ref);
  return rows
    .filter((row) => [row.draft, row.fields].some((layout) => referencedEntries(layout).some((r) => refKey(r) === key)))
    .map((row) => row.grp);
}
