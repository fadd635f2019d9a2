// The editor's publish check against the partner's settings: the draft being published must not
// mention or link to a feature the partner has switched off, or type an amount its settings hold.
// The rule is src/shared/content-features.ts, the same one `npm run validate` runs on the seed.
import type { PartnerBundle } from '#shared/partner.ts';
import { cmsGroupOf, type CmsContentName } from '#shared/cms.ts';
import { entryContentProblems, linkContext } from '#shared/content-features.ts';
import type { Problem } from '#shared/validation.ts';
import type { Queryable } from './db/index.ts';
import { getEditorEntry, listCmsPages } from './repos/cms.ts';

/** Problems of the entry's draft for this partner's members (none when there is no draft). */
export async function publishContentProblems(
  db: Queryable,
  partner: Pick<PartnerBundle, 'id' | 'config'>,
  contentName: CmsContentName,
  slug: string,
): Promise<Problem[]> {
  const entry = await getEditorEntry(db, partner.id, contentName, slug);
  if (!entry?.draft) return [];
  // The earn pages decide which /earn/{slug} links lead somewhere; a draft of one counts as published.
  const earn: { fields: unknown }[] = (await listCmsPages(db, partner.id, 'earn_details', false)).data.filter(
    (page) => contentName !== 'earn_details' || page.slug !== slug,
  );
  if (contentName === 'earn_details') earn.push({ fields: entry.draft });
  const context = linkContext(partner.config, earn, { production: true });
  return entryContentProblems(
    contentName,
    { slug, fields: entry.draft },
    { source: `cms:${partner.id}/${cmsGroupOf(contentName)}/${slug}`, pointer: '/fields' },
    partner.id,
    context,
  );
}

/** 422 for a draft that contradicts the partner's settings: each problem with its pointer. */
export function contentProblemsReply(problems: Problem[]) {
  return {
    statusCode: 422,
    error: 'Unprocessable Entity',
    message: "This content contradicts the partner's settings; fix it before publishing.",
    problems: problems.map((p) => ({ pointer: p.pointer, message: p.message })),
  };
}
