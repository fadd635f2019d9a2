// Impression counters (migration 007): page + block + partner + day granularity, bounded on disk.
import type { Queryable } from '../db/index.ts';

/** Distinct (event, page, block) rows one partner may add per day; beyond it new keys count as OTHER. */
export const MAX_KEYS_PER_PARTNER_DAY = 5000;
/** Page or block of a record counted after the partner's daily key budget ran out. */
export const OTHER = '(other)';

export interface ImpressionKey {
  event: string;
  page: string;
  blockId: string;
}

/** UTC calendar day of a moment, as PostgreSQL's date literal. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Adds one to the day's counter of every record (records with the same key add up in one row).
 * Once a partner has `maxKeys` rows for the day, records of keys it has not seen that day are
 * counted under OTHER instead of adding rows.
 */
export async function recordImpressions(
  db: Queryable,
  partnerId: string,
  keys: ImpressionKey[],
  now: Date,
  maxKeys = MAX_KEYS_PER_PARTNER_DAY,
): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `with input as (
       select event, page, block_id, count(*) as n
       from unnest($3::text[], $4::text[], $5::text[]) as t(event, page, block_id)
       group by event, page, block_id
     ),
     budget as (
       select count(*) >= $6 as full from impression_counts where partner_id = $1 and day = $2::date
     ),
     keyed as (
       select i.event,
              case when b.full and c.partner_id is null then $7 else i.page end as page,
              case when b.full and c.partner_id is null then $7 else i.block_id end as block_id,
              i.n
       from input i
       cross join budget b
       left join impression_counts c
         on c.partner_id = $1 and c.day = $2::date and c.event = i.event and c.page = i.page and c.block_id = i.block_id
     )
     insert into impression_counts (partner_id, day, event, page, block_id, count)
     select $1, $2::date, event, page, block_id, sum(n) from keyed group by event, page, block_id
     on conflict (partner_id, day, event, page, block_id) do update set count = impression_counts.count + excluded.count`,
    [partnerId, dayOf(now), keys.map((k) => k.event), keys.map((k) => k.page), keys.map((k) => k.blockId), maxKeys, OTHER],
  );
}

/** Deletes counters of days older than `retentionDays` before `now`; answers how many rows went. */
export async function deleteOldImpressions(db: Queryable, retentionDays: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600 * 1000);
  const { rows } = await db.query<{ n: number }>(
    `with gone as (delete from impression_counts where day < $1::date returning 1) select count(*)::int as n from gone`,
    [dayOf(cutoff)],
  );
  return rows[0]?.n ?? 0;
}

export interface BlockImpressions {
  page: string;
  blockId: string;
  count: number;
}

/** How often members saw each block of a partner's pages over the last `days` days (today included). */
export async function blockImpressions(db: Queryable, partnerId: string, days: number, now: Date): Promise<BlockImpressions[]> {
  const since = new Date(now.getTime() - (days - 1) * 24 * 3600 * 1000);
  const { rows } = await db.query<{ page: string; block_id: string; count: number }>(
    `select page, block_id, sum(count)::bigint as count from impression_counts
     where partner_id = $1 and day >= $2::date and block_id <> ''
     group by page, block_id order by page, block_id`,
    [partnerId, dayOf(since)],
  );
  return rows.map((r) => ({ page: r.page, blockId: r.block_id, count: Number(r.count) }));
}
