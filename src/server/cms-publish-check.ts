// The editor's check of content against the partner's settings: an entry must not mention or link
// to a feature the partner has switched off, or type an amount its settings hold. The rule is
// src/shared/content-features.ts, the same one `npm run validate` runs on the seeded content; the
// one CMS entry check (cms-entry-check.ts) adds these problems, so a draft is stored with them and
// publish, schedule and rollback refuse it while any remain.
import type { PartnerConfig } from '#shared/generated/types.ts';
import type { CmsContentName } from '#shared/cms.ts';
import type { FieldProblem } from '#shared/cms-problems.ts';
import { entryContentProblems, linkContext } from '#shared/content-features.ts';
import type { Queryable } from './db/index.ts';
import { listCmsPages } from './repos/cms.ts';

/** Problems of these fields for this partner's members, pointers into the fields. */
export async function settingsProblems(
  db: Queryable,
  partner: { id: string; config: PartnerConfig },
  contentName: CmsContentName,
  slug: string,
  fields: unknown,
): Promise<FieldProblem[]> {
  // The earn pages decide which /earn/{slug} links lead somewhere; this entry counts as published.
  const earn: { fields: unknown }[] = (await listCmsPages(db, partner.id, 'earn_details', false)).data.filter(
    (page) => contentName !== 'earn_details' || page.slug !== slug,
  );
  if (contentName === 'earn_details') earn.push({ fields });
  const context = linkContext(partner.config, earn, { production: true });
  return entryContentProblems(contentName, { slug, fields }, { source: `cms:${partner.id}`, pointer: '' }, context).map(
    ({ pointer, message }) => ({ pointer, message }),
  );
}
