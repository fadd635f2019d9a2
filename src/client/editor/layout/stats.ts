// What the outline shows of members' views and clicks: the impressions' rows of the pages a layout
// is shown on, added up per block, for everyone or one member state.
import type { CmsEditorBlockImpressions } from '#shared/generated/types.ts';
import type { MemberState } from '#shared/member-state.ts';

export interface BlockStats {
  views: number;
  clicks: number;
}

export const NO_STATS: BlockStats = { views: 0, clicks: 0 };

/** Views and clicks per block id on `pages`, of visitors in `state` (null: everyone). */
export function blockStats(
  rows: readonly CmsEditorBlockImpressions[],
  pages: readonly string[],
  state: MemberState | null,
): ReadonlyMap<string, BlockStats> {
  const stats = new Map<string, BlockStats>();
  for (const row of rows) {
    if (!pages.includes(row.page) || (state !== null && row.member_state !== state)) continue;
    const was = stats.get(row.block_id) ?? NO_STATS;
    stats.set(row.block_id, { views: was.views + row.views, clicks: was.clicks + row.clicks });
  }
  return stats;
}
