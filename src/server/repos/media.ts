// The media library: files (content-addressed originals with their variants, bytes in
// the database), assets (what editors name and describe) and the uploads counted for the rate limit.
// Every query names the partner: one partner's editors never see, use or serve another's images.
//
// "Used" means named by an entry's draft, scheduled publish or latest published version (an image
// field holds {asset, sha256, ...}: the asset for the library, the file for the URLs members get).
// A file stays while an asset has it or any of those still names its SHA-256; otherwise it is
// deleted (sweepFiles) when the library changes and after every publish.
import type { CmsContentName } from '#shared/cms.ts';
import type { Db, Queryable } from '../db/index.ts';
import type { ProcessedImage, VariantFormat } from '../media/process.ts';

type Timestamp = string | Date;
const iso = (d: Timestamp): string => new Date(d).toISOString();

export interface AssetRow {
  id: string;
  name: string;
  alt: string;
  decorative: boolean;
  focalX: number;
  focalY: number;
  sha256: string;
  mime: string;
  width: number;
  height: number;
  widths: number[];
  storedBytes: number;
  usedIn: number;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

interface RawAsset {
  id: string;
  name: string;
  alt: string;
  decorative: boolean;
  focal_x: number;
  focal_y: number;
  sha256: string;
  mime: string;
  width: number;
  height: number;
  widths: number[] | null;
  stored_bytes: number | string;
  used_in: number | null;
  created_at: Timestamp;
  created_by: string;
  updated_at: Timestamp;
  updated_by: string;
  total?: number;
}

const toAsset = (r: RawAsset): AssetRow => ({
  id: r.id,
  name: r.name,
  alt: r.alt,
  decorative: r.decorative,
  focalX: Number(r.focal_x),
  focalY: Number(r.focal_y),
  sha256: r.sha256,
  mime: r.mime,
  width: r.width,
  height: r.height,
  widths: [...(r.widths ?? [])].map(Number).sort((a, b) => a - b),
  storedBytes: Number(r.stored_bytes),
  usedIn: Number(r.used_in ?? 0),
  createdAt: iso(r.created_at),
  createdBy: r.created_by,
  updatedAt: iso(r.updated_at),
  updatedBy: r.updated_by,
});

/**
 * The partner's content that can show an image, one row per entry and kind ($1 = partner): drafts,
 * scheduled publishes and each entry's latest published version.
 */
const CONTENT = `
  select e.grp, e.slug, e.name, 'draft' as kind, e.draft as fields
    from cms_entries e where e.partner_id = $1 and e.draft is not null
  union all
  select e.grp, e.slug, e.name, 'scheduled', e.scheduled_fields
    from cms_entries e where e.partner_id = $1 and e.scheduled_fields is not null
  union all
  select e.grp, e.slug, e.name, 'published', v.fields
    from cms_entries e
    join lateral (
      select fields from cms_versions v
       where v.partner_id = e.partner_id and v.grp = e.grp and v.slug = e.slug
       order by version desc limit 1
    ) v on true
   where e.partner_id = $1`;

/** Every (entry, kind, asset id) of the partner's content: each object's `asset` string at any depth. */
const REFS = `
  with content as (${CONTENT})
  select distinct c.grp, c.slug, c.name, c.kind, r #>> '{}' as asset_id
    from content c
   cross join lateral jsonb_path_query(c.fields, 'lax $.**.asset ? (@.type() == "string")') r`;

const ASSET_SELECT = `
  a.id, a.name, a.alt, a.decorative, a.focal_x, a.focal_y, a.sha256, f.mime, f.width, f.height, f.stored_bytes,
  a.created_at, a.created_by, a.updated_at, a.updated_by,
  (select array_agg(distinct v.width) from media_variants v
    where v.partner_id = f.partner_id and v.sha256 = f.sha256) as widths`;

export type UsedFilter = 'all' | 'used' | 'unused';

export interface ListQuery {
  search?: string | undefined;
  used: UsedFilter;
  sort: 'newest' | 'oldest';
  limit: number;
  offset: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The library, filtered by name or alt text and by use, newest or oldest first. */
export async function listAssets(db: Queryable, partnerId: string, query: ListQuery): Promise<{ assets: AssetRow[]; total: number }> {
  const search = query.search?.trim() ? likePattern(query.search.trim()) : null;
  const order = query.sort === 'oldest' ? 'a.created_at asc, a.id asc' : 'a.created_at desc, a.id desc';
  const { rows } = await db.query<RawAsset>(
    `with refs as (${REFS}),
          counts as (select asset_id, count(distinct (grp, slug))::int as used_in from refs group by asset_id)
     select ${ASSET_SELECT}, coalesce(c.used_in, 0) as used_in, count(*) over ()::int as total
       from media_assets a
       join media_files f on f.partner_id = a.partner_id and f.sha256 = a.sha256
       left join counts c on c.asset_id = a.id
      where a.partner_id = $1
        and ($2::text is null or a.name ilike $2 or a.alt ilike $2)
        and (case $3::text when 'used' then c.used_in is not null when 'unused' then c.used_in is null else true end)
      order by ${order}
      limit $4 offset $5`,
    [partnerId, search, query.used, query.limit, query.offset],
  );
  return { assets: rows.map(toAsset), total: rows[0]?.total ?? 0 };
}

export async function getAsset(db: Queryable, partnerId: string, id: string): Promise<AssetRow | null> {
  const { rows } = await db.query<RawAsset>(
    `with refs as (${REFS})
     select ${ASSET_SELECT}, (select count(distinct (grp, slug))::int from refs where asset_id = a.id) as used_in
       from media_assets a
       join media_files f on f.partner_id = a.partner_id and f.sha256 = a.sha256
      where a.partner_id = $1 and a.id = $2`,
    [partnerId, id],
  );
  return rows[0] ? toAsset(rows[0]) : null;
}

/** The partner's assets with these ids (others', and unknown ids, are simply absent). */
export async function findAssets(db: Queryable, partnerId: string, ids: readonly string[]): Promise<Map<string, AssetRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<RawAsset>(
    `select ${ASSET_SELECT}, 0 as used_in
       from media_assets a
       join media_files f on f.partner_id = a.partner_id and f.sha256 = a.sha256
      where a.partner_id = $1 and a.id = any($2::text[])`,
    [partnerId, [...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, toAsset(r)]));
}

/** The partner's asset whose current file is this one, if any. */
export async function findAssetIdBySha(db: Queryable, partnerId: string, sha256: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('select id from media_assets where partner_id = $1 and sha256 = $2', [partnerId, sha256]);
  return rows[0]?.id ?? null;
}

export interface Usage {
  contentName: CmsContentName;
  slug: string;
  name: string;
  kinds: Array<'draft' | 'published' | 'scheduled'>;
}

/** The entries that use an asset, by group and slug. */
export async function assetUsage(db: Queryable, partnerId: string, id: string): Promise<Usage[]> {
  const { rows } = await db.query<{ grp: string; slug: string; name: string; kinds: string[] }>(
    `with refs as (${REFS})
     select grp, slug, min(name) as name, array_agg(distinct kind) as kinds
       from refs where asset_id = $2 group by grp, slug order by grp, slug`,
    [partnerId, id],
  );
  const order = ['published', 'scheduled', 'draft'] as const;
  return rows.map((r) => ({
    contentName: (r.grp === 'global' ? '*' : r.grp) as CmsContentName,
    slug: r.slug,
    name: r.name,
    kinds: order.filter((k) => r.kinds.includes(k)),
  }));
}

/** Bytes the partner's library holds (originals and variants): what the quota counts. */
export async function storageUsed(db: Queryable, partnerId: string): Promise<number> {
  const { rows } = await db.query<{ used: number | string }>(
    'select coalesce(sum(stored_bytes), 0) as used from media_files where partner_id = $1',
    [partnerId],
  );
  return Number(rows[0]?.used ?? 0);
}

/** Per-partner lock of the library's writes (quota and the one-asset-per-file rule hold across instances). */
const lockLibrary = (tx: Queryable, partnerId: string) =>
  tx.query("select pg_advisory_xact_lock(5023, hashtext('media:' || $1))", [partnerId]);

export interface NewFile {
  sha256: string;
  original: Buffer;
  image: ProcessedImage;
}

export type StoreResult =
  | { kind: 'stored' | 'duplicate'; assetId: string }
  | { kind: 'quota'; usedBytes: number; neededBytes: number }
  | { kind: 'not-found' }
  | { kind: 'taken'; assetId: string; name: string };

const storedBytesOf = (file: NewFile) => file.original.length + file.image.variants.reduce((sum, v) => sum + v.bytes.length, 0);

/** Adds the file unless the partner has it already; false when it would pass the quota. */
async function addFile(
  tx: Queryable,
  partnerId: string,
  file: NewFile,
  quotaBytes: number,
): Promise<{ ok: true } | { ok: false; used: number; needed: number }> {
  const { rows } = await tx.query('select 1 from media_files where partner_id = $1 and sha256 = $2', [partnerId, file.sha256]);
  if (rows.length) return { ok: true };
  const needed = storedBytesOf(file);
  const used = await storageUsed(tx, partnerId);
  if (used + needed > quotaBytes) return { ok: false, used, needed };
  await tx.query(
    `insert into media_files (partner_id, sha256, mime, width, height, original, stored_bytes)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [partnerId, file.sha256, file.image.mime, file.image.width, file.image.height, file.original, needed],
  );
  for (const v of file.image.variants) {
    await tx.query(`insert into media_variants (partner_id, sha256, format, width, height, bytes) values ($1, $2, $3, $4, $5, $6)`, [
      partnerId,
      file.sha256,
      v.format,
      v.width,
      v.height,
      v.bytes,
    ]);
  }
  return { ok: true };
}

/**
 * Stores an upload as a new asset in one transaction (the file, every variant, the asset: all or
 * nothing). The same file again answers the asset that has it (duplicate), storing nothing.
 */
export async function storeUpload(
  db: Db,
  partnerId: string,
  upload: { id: string; name: string; by: string; file: NewFile; quotaBytes: number },
): Promise<StoreResult> {
  return db.transaction(async (tx) => {
    await lockLibrary(tx, partnerId);
    const { rows } = await tx.query<{ id: string }>('select id from media_assets where partner_id = $1 and sha256 = $2', [
      partnerId,
      upload.file.sha256,
    ]);
    if (rows[0]) return { kind: 'duplicate', assetId: rows[0].id } as const;
    const added = await addFile(tx, partnerId, upload.file, upload.quotaBytes);
    if (!added.ok) return { kind: 'quota', usedBytes: added.used, neededBytes: added.needed } as const;
    await tx.query(`insert into media_assets (id, partner_id, sha256, name, created_by, updated_by) values ($1, $2, $3, $4, $5, $5)`, [
      upload.id,
      partnerId,
      upload.file.sha256,
      upload.name,
      upload.by,
    ]);
    return { kind: 'stored', assetId: upload.id } as const;
  });
}

/**
 * Points an asset at a new file ("replace file"). Content keeps naming the old file until its next
 * publish, so the old file stays while anything names it (sweepFiles).
 */
export async function replaceFile(
  db: Db,
  partnerId: string,
  assetId: string,
  replacement: { by: string; file: NewFile; quotaBytes: number },
): Promise<StoreResult> {
  return db.transaction(async (tx) => {
    await lockLibrary(tx, partnerId);
    const { rows } = await tx.query<{ id: string; name: string }>(
      'select id, name from media_assets where partner_id = $1 and sha256 = $2',
      [partnerId, replacement.file.sha256],
    );
    const holder = rows[0];
    if (holder && holder.id !== assetId) return { kind: 'taken', assetId: holder.id, name: holder.name } as const;
    const current = await tx.query('select 1 from media_assets where partner_id = $1 and id = $2', [partnerId, assetId]);
    if (!current.rows.length) return { kind: 'not-found' } as const;
    if (holder) return { kind: 'duplicate', assetId } as const;
    const added = await addFile(tx, partnerId, replacement.file, replacement.quotaBytes);
    if (!added.ok) return { kind: 'quota', usedBytes: added.used, neededBytes: added.needed } as const;
    await tx.query(`update media_assets set sha256 = $3, updated_by = $4, updated_at = now() where partner_id = $1 and id = $2`, [
      partnerId,
      assetId,
      replacement.file.sha256,
      replacement.by,
    ]);
    await sweepFiles(tx, partnerId);
    return { kind: 'stored', assetId } as const;
  });
}

export interface AssetChange {
  name?: string | undefined;
  alt?: string | undefined;
  decorative?: boolean | undefined;
  focal?: { x: number; y: number } | undefined;
}

/** Changes what the details panel edits; false when the partner has no such asset. */
export async function updateAsset(db: Queryable, partnerId: string, id: string, change: AssetChange, by: string): Promise<boolean> {
  const { rows } = await db.query(
    `update media_assets
        set name = coalesce($3, name), alt = coalesce($4, alt), decorative = coalesce($5, decorative),
            focal_x = coalesce($6, focal_x), focal_y = coalesce($7, focal_y), updated_by = $8, updated_at = now()
      where partner_id = $1 and id = $2
      returning id`,
    [
      partnerId,
      id,
      change.name ?? null,
      change.alt ?? null,
      change.decorative ?? null,
      change.focal?.x ?? null,
      change.focal?.y ?? null,
      by,
    ],
  );
  return rows.length > 0;
}

export type DeleteResult = { kind: 'deleted' } | { kind: 'not-found' } | { kind: 'used'; usage: Usage[] };

/** Deletes an asset no content uses (its file too, unless content still names it). */
export async function deleteAsset(db: Db, partnerId: string, id: string): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    await lockLibrary(tx, partnerId);
    const { rows } = await tx.query('select 1 from media_assets where partner_id = $1 and id = $2 for update', [partnerId, id]);
    if (!rows.length) return { kind: 'not-found' } as const;
    const usage = await assetUsage(tx, partnerId, id);
    if (usage.length) return { kind: 'used', usage } as const;
    await tx.query('delete from media_assets where partner_id = $1 and id = $2', [partnerId, id]);
    await sweepFiles(tx, partnerId);
    return { kind: 'deleted' } as const;
  });
}

/** Deletes the partner's files that no asset has and no draft, schedule or latest version names. */
export async function sweepFiles(db: Queryable, partnerId: string): Promise<number> {
  const { rows } = await db.query(
    `with content as (${CONTENT})
     delete from media_files f
      where f.partner_id = $1
        and not exists (select 1 from media_assets a where a.partner_id = f.partner_id and a.sha256 = f.sha256)
        and not exists (select 1 from content c where position(f.sha256 in c.fields::text) > 0)
      returning f.sha256`,
    [partnerId],
  );
  return rows.length;
}

/** One variant's bytes, only from this partner's files. */
export async function getVariant(
  db: Queryable,
  partnerId: string,
  sha256: string,
  format: VariantFormat,
  width: number,
): Promise<Buffer | null> {
  const { rows } = await db.query<{ bytes: Uint8Array }>(
    'select bytes from media_variants where partner_id = $1 and sha256 = $2 and format = $3 and width = $4',
    [partnerId, sha256, format, width],
  );
  const bytes = rows[0]?.bytes;
  return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
}

/**
 * Counts an upload against the editor's limit: false (and the wait) when `max` were made in the
 * last `windowMs`. Kept in the database, so every instance counts the same uploads.
 */
export async function takeUploadSlot(
  db: Db,
  editorId: number,
  max: number,
  windowMs: number,
): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(5024, $1::int)', [editorId % 2147483647]);
    const since = `now() - make_interval(secs => $2::double precision / 1000)`;
    await tx.query(`delete from media_uploads where editor_id = $1 and at < ${since}`, [editorId, windowMs]);
    const { rows } = await tx.query<{ count: number; oldest: Timestamp | null }>(
      'select count(*)::int as count, min(at) as oldest from media_uploads where editor_id = $1',
      [editorId],
    );
    const count = rows[0]?.count ?? 0;
    if (count >= max) {
      const oldest = rows[0]?.oldest ? new Date(rows[0].oldest).getTime() : Date.now();
      return { ok: false, retryAfterMs: Math.max(1000, oldest + windowMs - Date.now()) } as const;
    }
    await tx.query('insert into media_uploads (editor_id) values ($1)', [editorId]);
    return { ok: true } as const;
  });
}
