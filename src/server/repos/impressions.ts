// Impression counters (migrations 007, 040): partner + day + event + page + block + member state
// granularity, bounded on disk.
import type { Queryable } from '../db/index.ts';

/** Distinct (event, page, block) rows one partner may add per day; beyond it new keys count as OTHER. */
export const MAX_KEYS_PER_PARTNER_DAY = 5000;
/** Page or block of a record counted after the partner's daily key budget ran out. */
export const OTHER = '(other)';

/** A member page's block seen (at least half in view for a second, once per page view). */
export const BLOCK_VIEW = 'block_view';
/** A link or button inside a member page's block clicked. */
export const BLOCK_CLICK = 'block_click';

export interface ImpressionKey {
  event: string;
  page: string;
  blockId: string;
  /** The member state of the visitor (shared/member-state.ts), decided by the server; '' when not known. */
  memberState?: string;
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
       select event, page, block_id, member_state, count(*) as n
       from unnest($3::text[], $4::text[], $5::text[], $8::text[]) as t(event, page, block_id, member_state)
       group by event, page, block_id, member_state
     ),
     budget as (
       select count(*) >= $6 as full from impression_counts where partner_id = $1 and day = $2::date
     ),
     keyed as (
       select i.event,
              case when b.full and c.partner_id is null then $7 else i.page end as page,
              case when b.full and c.partner_id is null then $7 else i.block_id end as block_id,
              i.member_state,
              i.n
       from input i
       cross join budget b
       left join impression_counts c
         on c.partner_id = $1 and c.day = $2::date and c.event = i.event and c.page = i.page and c.block_id = i.block_id
            and c.member_state = i.member_state
     )
     insert into impression_counts (partner_id, day, event, page, block_id, member_state, count)
     select $1, $2::date, event, page, block_id, member_state, sum(n) from keyed group by event, page, block_id, member_state
     on conflict (partner_id, day, event, page, block_id, member_state) do update set count = impression_counts.count + excluded.count`,
    [
      partnerId,
      dayOf(now),
      keys.map((k) => k.event),
      keys.map((k) => k.page),
      keys.map((k) => k.blockId),
      maxKeys,
      OTHER,
      keys.map((k) => k.memberState ?? ''),
    ],
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
  memberState: string;
  views: number;
  clicks: number;
}

/**
 * How often members saw and clicked each block of a partner's pages over the last `days` days (today
 * included), per page, block and member state.
 */
export async function blockImpressions(db: Queryable, partnerId: string, days: number, now: Date): Promise<BlockImpressions[]> {
  const since = new Date(now.getTime() - (days - 1) * 24 * 3600 * 1000);
  const { rows } = await db.query<{ page: string; block_id: string; member_state: string; views: number; clicks: number }>(
    `select page, block_id, member_state,
            sum(count) filter (where event = $3)::bigint as views,
            sum(count) filter (where event = $4)::bigint as clicks
     from impression_counts
     where partner_id = $1 and day >= $2::date and block_id <> '' and event in ($3, $4)
     group by page, block_id, member_state order by page, block_id, member_state`,
    [partnerId, dayOf(since), BLOCK_VIEW, BLOCK_CLICK],
  );
  return rows.map((r) => ({
    page: r.page,
    blockId: r.block_id,
    memberState: r.member_state,
    views: Number(r.views ?? 0),
    clicks: Number(r.clicks ?? 0),
  }));
}
