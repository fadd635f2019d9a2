// `npm run validate`: every partner file, default layout, seeded CMS entry and registry folder,
// checked the way the app will read them. Prints `file#/json/pointer: message` per problem.
// Reads registry/ as files and text (never imports block components, so no React here).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import * as generated from '../src/shared/generated/validators.js';
import type { ValidateFn } from '../src/shared/generated/validators.js';
import { loadPartner, listPartnerIds } from '../src/server/partners/registry.ts';
import { mergePatch } from '../src/shared/merge-patch.ts';
import { escapePointer, formatProblem, problemsFrom, type Problem } from '../src/shared/validation.ts';
import { LAYOUT_SLUG } from '../src/shared/cms.ts';
import { CMS_SEED_FILES, loadCmsSeed } from '../src/server/seed/cms.ts';
import { copyProblems, entryContentProblems, linkContext, type ContentSource } from '../src/shared/content-features.ts';
import type { CmsPage } from '../src/shared/generated/types.ts';

const projectRoot = resolve(import.meta.dirname, '..');

export interface ValidateOptions {
  /** Partner folders (`_base` and one per partner). Default: PARTNERS_DIR or <project>/partners. */
  partnersDir?: string;
  /** Block folders and index.ts. Default: <project>/registry. */
  registryDir?: string;
  /** Generated validators by export name (tests pass their own). */
  validators?: Readonly<Record<string, unknown>>;
}

export interface ValidateReport {
  files: number;
  problems: Problem[];
}

type Validator = ValidateFn<unknown>;

/** Groups whose `page-layout` entry is a layout and every other entry a banner (an anyOf schema). */
const LAYOUT_GROUPS = new Set(['home', 'discover']);

export function pascal(words: string): string {
  return words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Checker {
  readonly problems: Problem[] = [];
  private readonly seen = new Set<string>();
  files = 0;

  constructor(
    readonly rootDir: string,
    readonly validators: Readonly<Record<string, unknown>>,
  ) {}

  add(...problems: Problem[]): void {
    for (const p of problems) {
      const key = formatProblem(p);
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.problems.push(p);
    }
  }

  source(path: string): string {
    return relative(this.rootDir, path);
  }

  validator(name: string): Validator | undefined {
    const fn = this.validators[name];
    return typeof fn === 'function' ? (fn as Validator) : undefined;
  }

  readJson(path: string): { ok: true; value: unknown } | { ok: false } {
    this.files++;
    try {
      return { ok: true, value: JSON.parse(readFileSync(path, 'utf8')) };
    } catch (error) {
      this.add({ source: this.source(path), pointer: '', message: `invalid JSON: ${(error as Error).message}` });
      return { ok: false };
    }
  }
}

// --- registry -------------------------------------------------------------------------------

export interface RegistryInfo {
  /** Block type (folder) -> validator export name. */
  blocks: Map<string, string>;
}

function checkRegistry(c: Checker, registryDir: string): RegistryInfo {
  const registrySource = (path: string) => relative(join(registryDir, '..'), path);
  const blocks = new Map<string, string>();
  // Every folder is a block (gen lists them in blocks.generated.ts): it needs a props schema and an index.ts.
  const folders = existsSync(registryDir)
    ? readdirSync(registryDir)
        .filter((name) => !name.startsWith('_') && !name.startsWith('.') && statSync(join(registryDir, name)).isDirectory())
        .sort()
    : [];
  for (const folder of folders) {
    const schemaPath = join(registryDir, folder, 'props.schema.json');
    const schemaSource = registrySource(schemaPath);
    if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(folder)) {
      c.add({
        source: registrySource(join(registryDir, folder)),
        pointer: '',
        message: 'block folder names are kebab-case (they are the block type)',
      });
    }
    const indexPath = join(registryDir, folder, 'index.ts');
    if (!existsSync(indexPath)) {
      c.add({
        source: registrySource(indexPath),
        pointer: '',
        message: 'missing: every block needs an index.ts exporting its defineBlock(...)',
      });
    }
    if (!existsSync(schemaPath)) {
      c.add({ source: schemaSource, pointer: '', message: 'missing: every block needs a props schema' });
      continue;
    }
    const doc = c.readJson(schemaPath);
    if (doc.ok && !isObject(doc.value)) c.add({ source: schemaSource, pointer: '', message: 'must be a JSON Schema object' });
    const name = `validate${pascal(folder)}Props`;
    blocks.set(folder, name);
    if (!c.validator(name)) c.add({ source: schemaSource, pointer: '', message: `no generated ${name}: run \`npm run gen\`` });
  }
  return { blocks };
}

// --- layouts --------------------------------------------------------------------------------

/** Block-level problems of a structurally valid layout: unknown types, dangling order ids, bad props. */
function layoutProblems(c: Checker, registry: RegistryInfo, source: string, layout: unknown, basePointer = ''): Problem[] {
  if (!isObject(layout)) return [];
  const problems: Problem[] = [];
  const blocks = isObject(layout.blocks) ? layout.blocks : {};
  const order = Array.isArray(layout.order) ? (layout.order as unknown[]) : [];
  order.forEach((id, i) => {
    if (typeof id === 'string' && !Object.hasOwn(blocks, id)) {
      problems.push({ source, pointer: `${basePointer}/order/${i}`, message: `no block with id "${id}"` });
    }
  });
  for (const [id, instance] of Object.entries(blocks)) {
    if (!isObject(instance) || typeof instance.type !== 'string') continue;
    const pointer = `${basePointer}/blocks/${escapePointer(id)}`;
    const validatorName = registry.blocks.get(instance.type);
    if (!validatorName) {
      problems.push({ source, pointer: `${pointer}/type`, message: `unknown block type "${instance.type}"` });
      continue;
    }
    const validate = c.validator(validatorName);
    if (!validate) continue; // reported once against the block's schema
    const props = instance.props ?? {};
    if (!validate(props)) problems.push(...problemsFrom(source, validate.errors, `${pointer}/props`));
  }
  return problems;
}

function checkPages(c: Checker, registry: RegistryInfo, partnersDir: string, partnerIds: string[]): void {
  const baseDir = join(partnersDir, '_base', 'pages');
  const validateLayout = c.validator('validateLayout');
  const readPages = (dir: string): Map<string, { path: string; value: unknown }> => {
    const pages = new Map<string, { path: string; value: unknown }>();
    if (!existsSync(dir)) return pages;
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const path = join(dir, file);
      const doc = c.readJson(path);
      if (doc.ok) pages.set(file.replace(/\.json$/, ''), { path, value: doc.value });
    }
    return pages;
  };
  const structurallyValid = (value: unknown) => !validateLayout || validateLayout(value);

  const base = readPages(baseDir);
  const baseProblems = new Map<string, Set<string>>();
  for (const [name, { path, value }] of base) {
    // Schema problems of page files come from loadPartner; here only what the schema cannot know.
    const problems = structurallyValid(value) ? layoutProblems(c, registry, c.source(path), value) : [];
    baseProblems.set(name, new Set(problems.map((p) => `${p.pointer}: ${p.message}`)));
    c.add(...problems);
  }
  for (const id of partnerIds) {
    for (const [name, { path, value }] of readPages(join(partnersDir, id, 'pages'))) {
      const baseLayout = base.get(name)?.value;
      const merged = baseLayout === undefined ? value : mergePatch(baseLayout, value);
      if (!structurallyValid(merged)) continue;
      // What the override breaks is the override's fault; what base already breaks is reported there.
      const inherited = baseProblems.get(name) ?? new Set<string>();
      c.add(...layoutProblems(c, registry, c.source(path), merged).filter((p) => !inherited.has(`${p.pointer}: ${p.message}`)));
    }
  }
}

// --- CMS ------------------------------------------------------------------------------------

// The seed's own loader checks each group file (schema, slugs, names, banner references), so
// `validate` fails exactly when a first start's seeding would; this adds what only the tool
// knows: the registry (block types in the layouts) and files that name no group at all.
const CMS_FILES = new Set(Object.values(CMS_SEED_FILES));

function checkCms(c: Checker, registry: RegistryInfo, partnersDir: string, partnerIds: string[]): void {
  const owners = ['_base', ...partnerIds];
  for (const owner of owners) {
    const dir = join(partnersDir, owner, 'cms');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      c.files++;
      if (!CMS_FILES.has(file)) {
        const group = file.replace(/\.json$/, '');
        c.add({
          source: c.source(join(dir, file)),
          pointer: '',
          message: `unknown CMS group "${group}" (expected one of ${[...CMS_FILES].map((f) => f.replace(/\.json$/, '')).join(', ')})`,
        });
      }
    }
  }
  for (const owner of owners) {
    const seed = loadCmsSeed(partnersDir, owner);
    c.add(...seed.problems);
    for (const entry of seed.entries) {
      if (LAYOUT_GROUPS.has(entry.group) && entry.slug === LAYOUT_SLUG) {
        c.add(...layoutProblems(c, registry, entry.source, entry.fields, `/${entry.index}/fields`));
      }
    }
  }
}

// --- content against partner settings -------------------------------------------------------

/**
 * Per partner: the CMS entries and copy its members are shown, against its settings (features
 * switched off, pages it lacks, amounts its settings hold). src/shared/content-features.ts is the
 * rule; the editor's publish check runs the same one on the entry being published.
 */
function checkContentFeatures(c: Checker, partnersDir: string, partnerIds: string[]): void {
  const readObject = (path: string): Record<string, string> => {
    if (!existsSync(path)) return {};
    try {
      const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
      return isObject(value)
        ? (Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string')) as Record<string, string>)
        : {};
    } catch {
      return {};
    }
  };
  const baseCopyPath = join(partnersDir, '_base', 'copy.json');
  const baseCopy = readObject(baseCopyPath);
  for (const id of partnerIds) {
    const { bundle } = loadPartner(partnersDir, id);
    if (!bundle) continue;
    const seed = loadCmsSeed(partnersDir, id);
    const earnDetails: CmsPage[] = seed.entries
      .filter((e) => e.contentName === 'earn_details')
      .map((e) => ({ slug: e.slug, fields: e.fields }) as CmsPage);
    const context = linkContext(bundle.config, earnDetails, { production: true });
    for (const entry of seed.entries) {
      c.add(
        ...forPartner(
          id,
          entryContentProblems(entry.contentName, entry, { source: entry.source, pointer: `/${entry.index}/fields` }, context),
        ),
      );
    }
    const ownCopyPath = join(partnersDir, id, 'copy.json');
    const sources: Record<string, ContentSource & { own: boolean }> = {};
    const copy: Record<string, string> = {};
    for (const [key, text] of Object.entries(baseCopy)) {
      copy[key] = text;
      sources[key] = { source: c.source(baseCopyPath), pointer: `/${escapePointer(key)}`, own: false };
    }
    for (const [key, text] of Object.entries(readObject(ownCopyPath))) {
      copy[key] = text;
      sources[key] = { source: c.source(ownCopyPath), pointer: `/${escapePointer(key)}`, own: true };
    }
    const cmsCopy = seed.entries.find((e) => e.contentName === '*' && e.slug === 'copy');
    if (cmsCopy && isObject(cmsCopy.fields.copy)) {
      for (const [key, text] of Object.entries(cmsCopy.fields.copy)) {
        if (typeof text !== 'string') continue;
        copy[key] = text;
        sources[key] = { source: cmsCopy.source, pointer: `/${cmsCopy.index}/fields/copy/${escapePointer(key)}`, own: true };
      }
    }
    c.add(...forPartner(id, copyProblems(copy, sources, context, bundle.config.currencyType)));
  }
}

/** The checks speak to the partner's editor; a developer reading every partner's needs to know whose members. */
const forPartner = (id: string, problems: Problem[]): Problem[] => problems.map((p) => ({ ...p, message: `${id}: ${p.message}` }));

// --- partners -------------------------------------------------------------------------------

function checkPartners(c: Checker, partnersDir: string, partnerIds: string[]): void {
  if (!partnerIds.length) c.add({ source: c.source(partnersDir), pointer: '', message: 'no partner folders (each needs a partner.json)' });
  for (const id of partnerIds) {
    // loadPartner reports relative to the parent of partnersDir, as this checker does.
    c.add(...loadPartner(partnersDir, id).problems);
    c.files += readdirSync(join(partnersDir, id)).filter((f) => f.endsWith('.json')).length;
  }
  const baseDir = join(partnersDir, '_base');
  if (existsSync(baseDir)) c.files += readdirSync(baseDir).filter((f) => f.endsWith('.json')).length;
}

export function collectProblems(options: ValidateOptions = {}): ValidateReport {
  const partnersDir = resolve(options.partnersDir ?? (process.env.PARTNERS_DIR?.trim() || join(projectRoot, 'partners')));
  const registryDir = resolve(options.registryDir ?? join(projectRoot, 'registry'));
  // Sources are printed relative to the folder holding partners/ (the project root normally).
  const c = new Checker(join(partnersDir, '..'), options.validators ?? (generated as Readonly<Record<string, unknown>>));
  const registry = checkRegistry(c, registryDir);
  const partnerIds = existsSync(partnersDir) ? listPartnerIds(partnersDir) : [];
  if (!existsSync(partnersDir)) c.add({ source: partnersDir, pointer: '', message: 'partners folder not found' });
  else {
    checkPartners(c, partnersDir, partnerIds);
    checkPages(c, registry, partnersDir, partnerIds);
    checkCms(c, registry, partnersDir, partnerIds);
    checkContentFeatures(c, partnersDir, partnerIds);
  }
  return { files: c.files, problems: c.problems };
}

export function validateAll(options: ValidateOptions = {}): number {
  const { files, problems } = collectProblems(options);
  for (const p of problems) console.error(formatProblem(p));
  if (problems.length) {
    console.error(`validate: ${files} files checked, ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    return 1;
  }
  console.log(`validate: ${files} files checked, no problems`);
  return 0;
}
