// The server's side of the one CMS entry check (#shared/cms-problems.ts): the entry's own validator,
// every block type's props validator for page layouts, and the link rule with what only the database
// knows (which merchants exist, which earn pages are live). Run on every save (the draft is stored
// with its problems) and inside every publish, schedule and rollback transaction (refused while any).
import type { FastifyRequest } from 'fastify';
import { cmsEntryValidator } from '#shared/cms-validators.ts';
import { blockPropsValidators } from '#shared/generated/block-validators.js';
import type { ValidateFn } from '#shared/generated/validators.js';
import { entryProblems, type FieldProblem } from '#shared/cms-problems.ts';
import { earnPageOfPath, linksIn, merchantOfPath, type LinkContext } from '#shared/cms-links.ts';
import { availableRoutes } from '#shared/routes.ts';
import { LAYOUT_SLUG, type CmsContentName } from '#shared/cms.ts';
import type { Queryable } from './db/index.ts';
import { existingMerchantIds, liveEarnPages } from './repos/cms.ts';
import { settingsProblems } from './cms-publish-check.ts';
import { mediaProblems } from './media/refs.ts';
import type { PartnerConfig } from '#shared/generated/types.ts';

const BLOCK_VALIDATORS = blockPropsValidators as unknown as Readonly<Record<string, ValidateFn<unknown> | undefined>>;

/** What the check needs of the request's partner. */
export interface PartnerScope {
  partnerId: string;
  routes: LinkContext['routes'];
  /** The partner's settings, which content must not contradict (cms-publish-check.ts). */
  config: PartnerConfig;
}

export function partnerScope(request: FastifyRequest, production: boolean): PartnerScope {
  return { partnerId: request.partner.id, routes: availableRoutes(request.partner.config, { production }), config: request.partner.config };
}

/** Every problem of one entry's fields, as stored with a draft and refused on publish. */
export async function checkEntry(
  db: Queryable,
  scope: PartnerScope,
  contentName: CmsContentName,
  slug: string,
  fields: unknown,
): Promise<FieldProblem[]> {
  const isLayout = (contentName === 'home' || contentName === 'discover') && slug === LAYOUT_SLUG;
  const links = linksIn(isLayout ? null : contentName, fields).filter((link) => link.kind === 'link');
  const merchantIds = links.map((link) => merchantOfPath(link.value)).filter((id): id is string => id !== null);
  const wantsEarn = links.some((link) => earnPageOfPath(link.value) !== null);
  // One after the other: inside a transaction both run on its one connection anyway.
  const merchants = merchantIds.length ? await existingMerchantIds(db, merchantIds) : new Set<string>();
  const earnPages = wantsEarn ? await liveEarnPages(db, scope.partnerId) : new Set<string>();
  const problems = entryProblems({
    contentName,
    slug,
    fields,
    validate: cmsEntryValidator(contentName, slug),
    blockCheck: (type) => BLOCK_VALIDATORS[type] ?? 'unknown',
    links: { routes: scope.routes, merchants, earnPages },
  });
  // Contradictions of the partner's settings; a field the link rule already blames is not repeated.
  const blamed = new Set(problems.map((p) => p.pointer));
  const contradictions = await settingsProblems(db, { id: scope.partnerId, config: scope.config }, contentName, slug, fields);
  // Library images: one the partner's library lacks, or one without alt text that is not decorative.
  const media = await mediaProblems(db, scope.partnerId, fields);
  return [...problems, ...[...contradictions, ...media].filter((p) => !blamed.has(p.pointer))];
}
