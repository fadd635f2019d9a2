// CMS seed content: partners/_base/cms/<group>.json holds the defaults, partners/<id>/cms/<group>.json
// replaces the whole group for one partner. Every entry is validated against its group's schema
// before anything is written; a bad entry stops the seed with `file#/pointer: message`.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CMS_CONTENT_NAMES, LAYOUT_SLUG, cmsGroupOf, type CmsContentName } from '#shared/cms.ts';
import { cmsEntryValidator } from '#shared/cms-validators.ts';
import { escapePointer, formatProblem, problemsFrom, type Problem } from '#shared/validation.ts';
import type { Queryable } from '../db/index.ts';

/** The seed file of each content group ('*' is the global group). */
export const CMS_SEED_FILES: Readonly<Record<CmsContentName, string>> = {
  '*': 'global.json',
  home: 'home.json',
  discover: 'discover.json',
  tier_1_activation: 'tier_1_activation.json',
  surveys: 'surveys.json',
  account_center: 'account_center.json',
  announcement_banner: 'announcement_banner.json',
  earn_details: 'earn_details.json',
  earn_banner: 'earn_banner.json',
  popup: 'popup.json',
  sidebar: 'sidebar.json',
  legal: 'legal.json',
};

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

export interface CmsSeedEntry {
  partnerId: string;
  contentName: CmsContentName;
  /** Database group: 'global' for '*'. */
  group: string;
  slug: string;
  name: string;
  fields: Record<string, unknown>;
  /** File (relative to the project root) and index the entry came from, for problem reports. */
  source: string;
  index: number;
}

export interface CmsSeed {
  entries: CmsSeedEntry[];
  problems: Problem[];
  /** Per content name, the file used (the partner's own or the base one). */
  files: Partial<Record<CmsContentName, string>>;
}

/** Validates one entry's fields; the layout entry and banners of home/discover get their precise schema. */
function fieldProblems(contentName: CmsContentName, slug: string, fields: unknown, source: string, pointer: string): Problem[] {
  const validate = cmsEntryValidator(contentName, slug);
  return validate(fields) ? [] : problemsFrom(source, validate.errors, pointer);
}

/** Reads and validates one partner's CMS seed content. */
export function loadCmsSeed(partnersDir: string, partnerId: string): CmsSeed {
  const rootDir = join(partnersDir, '..');
  const entries: CmsSeedEntry[] = [];
  const problems: Problem[] = [];
  const files: CmsSeed['files'] = {};
  for (const contentName of CMS_CONTENT_NAMES) {
    const own = join(partnersDir, partnerId, 'cms', CMS_SEED_FILES[contentName]);
    const base = join(partnersDir, '_base', 'cms', CMS_SEED_FILES[contentName]);
    const path = existsSync(own) ? own : base;
    const source = relative(rootDir, path);
    if (!existsSync(path)) {
      problems.push({ source, pointer: '', message: `missing: every partner needs CMS content for group "${contentName}"` });
      continue;
    }
    files[contentName] = source;
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      problems.push({ source, pointer: '', message: `invalid JSON: ${(error as Error).message}` });
      continue;
    }
    if (!Array.isArray(doc)) {
      problems.push({ source, pointer: '', message: 'must be an array of {slug, name, fields} entries' });
      continue;
    }
    const slugs = new Set<string>();
    doc.forEach((item: unknown, index) => {
      const at = `/${index}`;
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        problems.push({ source, pointer: at, message: 'must be an object with slug, name and fields' });
        return;
      }
      const { slug, name, fields, ...extra } = item as Record<string, unknown>;
      const before = problems.length;
      for (const key of Object.keys(extra))
        problems.push({ source, pointer: `${at}/${escapePointer(key)}`, message: `unknown property "${key}"` });
      if (typeof slug !== 'string' || !SLUG.test(slug)) {
        problems.push({ source, pointer: `${at}/slug`, message: 'must be a lowercase slug (a-z, 0-9, -)' });
      } else if (slugs.has(slug)) {
        problems.push({ source, pointer: `${at}/slug`, message: `duplicate slug "${slug}"` });
      }
      if (typeof name !== 'string' || name.trim() === '' || name.length > 200) {
        problems.push({ source, pointer: `${at}/name`, message: 'must be a non-empty string of at most 200 characters' });
      }
      if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
        problems.push({ source, pointer: `${at}/fields`, message: 'must be an object' });
      } else {
        problems.push(...fieldProblems(contentName, String(slug), fields, source, `${at}/fields`));
      }
      if (problems.length > before) return;
      slugs.add(slug as string);
      entries.push({
        partnerId,
        contentName,
        group: cmsGroupOf(contentName),
        slug: slug as string,
        name: name as string,
        fields: fields as Record<string, unknown>,
        source,
        index,
      });
    });
  }
  problems.push(...bannerReferenceProblems(entries));
  return { entries, problems, files };
}

/** A cms-banner block must name a banner that exists, or the slot silently stays empty. */
function bannerReferenceProblems(entries: readonly CmsSeedEntry[]): Problem[] {
  const problems: Problem[] = [];
  const has = (group: string, slug: string) => entries.some((e) => e.group === group && e.slug === slug && slug !== LAYOUT_SLUG);
  for (const entry of entries) {
    if (entry.slug !== LAYOUT_SLUG) continue;
    const blocks = (entry.fields.blocks ?? {}) as Record<string, { type?: string; props?: { slug?: unknown; group?: unknown } }>;
    for (const [id, block] of Object.entries(blocks)) {
      if (block.type !== 'cms-banner') continue;
      const group = typeof block.props?.group === 'string' ? block.props.group : entry.group;
      const slug = block.props?.slug;
      if (typeof slug === 'string' && !has(group, slug)) {
        problems.push({
          source: entry.source,
          pointer: `/${entry.index}/fields/blocks/${escapePointer(id)}/props/slug`,
          message: `no banner "${slug}" in the ${group} group`,
        });
      }
    }
  }
  return problems;
}

/** Every partner's seed entries; throws listing every problem (each once) when any is invalid. */
function loadAll(partnersDir: string, partnerIds: readonly string[]): CmsSeedEntry[] {
  const entries: CmsSeedEntry[] = [];
  const problems: Problem[] = [];
  for (const partnerId of partnerIds) {
    const seed = loadCmsSeed(partnersDir, partnerId);
    entries.push(...seed.entries);
    problems.push(...seed.problems);
  }
  if (problems.length) {
    // One line per distinct problem: the base files are shared, so they would repeat per partner.
    throw new Error(`Invalid CMS seed content:\n${[...new Set(problems.map(formatProblem))].join('\n')}`);
  }
  return entries;
}

/** Loads every partner's CMS content and writes it as published version 1. */
export async function seedCms(db: Queryable, partnersDir: string, partnerIds: readonly string[]): Promise<void> {
  await insertEntries(db, loadAll(partnersDir, partnerIds));
}

/**
 * A database seeded before a content group existed (the legal group came later) gets that group's
 * seed content on start: only groups with no entry at all for a partner, so nothing an editor wrote
 * is touched. Returns the groups filled, as `partner/group`.
 */
export async function seedMissingCmsGroups(db: Queryable, partnersDir: string, partnerIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ partner_id: string; grp: string }>('select distinct partner_id, grp from cms_entries');
  const present = new Set(rows.map((row) => `${row.partner_id}/${row.grp}`));
  const missing = loadAll(partnersDir, partnerIds).filter((entry) => !present.has(`${entry.partnerId}/${entry.group}`));
  await insertEntries(db, missing);
  return [...new Set(missing.map((entry) => `${entry.partnerId}/${entry.group}`))];
}

/** Inserts entries as published version 1; an instance starting alongside may have done so first. */
async function insertEntries(db: Queryable, entries: readonly CmsSeedEntry[]): Promise<void> {
  if (!entries.length) return;
  const col = <T>(pick: (e: CmsSeedEntry) => T): T[] => entries.map(pick);
  await db.query(
    `insert into cms_entries (partner_id, grp, slug, name, draft)
     select partner_id, grp, slug, name, null from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as t(partner_id, grp, slug, name)
     on conflict do nothing`,
    [col((e) => e.partnerId), col((e) => e.group), col((e) => e.slug), col((e) => e.name)],
  );
  await db.query(
    `insert into cms_versions (partner_id, grp, slug, version, fields, published_by, note)
     select partner_id, grp, slug, 1, fields::jsonb, 'seed', 'Initial content'
       from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as t(partner_id, grp, slug, fields)
     on conflict do nothing`,
    [col((e) => e.partnerId), col((e) => e.group), col((e) => e.slug), col((e) => JSON.stringify(e.fields))],
  );
}
