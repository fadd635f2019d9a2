// CMS content in the ButterCMS pages shape, from drafts and published versions in the database.
import type { CmsPage, CmsPagesResponse } from '#shared/generated/types.ts';
import type { Queryable } from '../db/index.ts';

interface Row {
  grp: string;
  slug: string;
  name: string;
  draft: Record<string, unknown> | null;
  draft_updated_at: string | Date | null;
  version: number | null;
  fields: Record<string, unknown> | null;
  published_at: string | Date | null;
}

const iso = (d: string | Date | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * Entries of one group. Members get the latest published version of each entry (entries never
 * published are absent); preview gets the draft where one exists, else the published version.
 */
export async function listCmsPages(db: Queryable, partnerId: string, group: string, preview: boolean): Promise<CmsPagesResponse> {
  const { rows } = await db.query<Row>(
    `select e.grp, e.slug, e.name, e.draft, e.draft_updated_at, v.version, v.fields, v.published_at
       from cms_entries e
       left join lateral (
         select version, fields, published_at from cms_versions
          where partner_id = e.partner_id and grp = e.grp and slug = e.slug
          order by version desc limit 1
       ) v on true
      where e.partner_id = $1 and e.grp = $2
      order by e.slug`,
    [partnerId, group],
  );
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
      fields,
    });
  }
  return { meta: { count: data.length, previous_page: null, next_page: null }, data };
}
