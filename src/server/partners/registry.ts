// Partner files on disk -> validated partner bundles, chosen per request by host name.
// Files are re-read when they change (checked at most every RECHECK_MS per partner), so an edit
// takes effect on the next page load; an invalid edit is logged and the last valid bundle serves on.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PageLayout, PartnerConfig, PartnerTheme, CopyCatalogue } from '#shared/generated/types.ts';
import { validatePartner, validateTheme, validateCopy, validateLayout } from '#shared/generated/validators.js';
import type { ValidateFn, ValidationError } from '#shared/generated/validators.js';
import { mergePatch } from '#shared/merge-patch.ts';
import { escapePointer, formatProblem, pointerKeys, problemsFrom, type Problem } from '#shared/validation.ts';
import type { PartnerBundle } from '#shared/partner.ts';

const RECHECK_MS = 200;
const SUMMARY_KEYWORDS = new Set(['anyOf', 'oneOf', 'if', 'propertyNames']);

interface Part<T> {
  name: string;
  validate: ValidateFn<T>;
}

const PARTS = {
  config: { name: 'partner.json', validate: validatePartner } as Part<PartnerConfig>,
  theme: { name: 'theme.json', validate: validateTheme } as Part<PartnerTheme>,
  copy: { name: 'copy.json', validate: validateCopy } as Part<CopyCatalogue>,
};

export interface LoadResult {
  bundle: PartnerBundle | null;
  problems: Problem[];
}

function readJson(path: string, rootDir: string, problems: Problem[]): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push({ source: relative(rootDir, path), pointer: '', message: `invalid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

function valueAt(doc: unknown, pointer: string): { found: boolean; value?: unknown } {
  let node = doc;
  for (const key of pointerKeys(pointer)) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return { found: false };
    node = (node as Record<string, unknown>)[key];
  }
  return { found: true, value: node };
}

function pointerExists(doc: unknown, pointer: string): boolean {
  return valueAt(doc, pointer).found;
}

/**
 * Whether a validation error of the merged value is the partner's own file's fault rather than the
 * base file's: the file that sets the value at fault is blamed. `required` and
 * `additionalProperties` are reported at the parent object, so the member itself is looked up.
 */
function blameOwn(error: ValidationError, pointer: string, base: unknown, own: unknown): boolean {
  const name =
    error.keyword === 'required'
      ? error.params.missingProperty
      : error.keyword === 'additionalProperties'
        ? error.params.additionalProperty
        : undefined;
  const at = typeof name === 'string' ? `${error.instancePath}/${escapePointer(name)}` : pointer;
  // Setting the member (even to null, which deletes it) or the value at fault is the own file's doing.
  if (pointerExists(own, at)) return true;
  if (error.keyword === 'required') {
    // Missing from both: whoever supplied the parent object should have supplied the member.
    const parent = valueAt(base, error.instancePath);
    return !(parent.found && typeof parent.value === 'object' && parent.value !== null);
  }
  return !pointerExists(base, at);
}

/** Reads and validates one partner (base merged with the partner's own files). */
export function loadPartner(partnersDir: string, id: string): LoadResult {
  const rootDir = join(partnersDir, '..');
  const problems: Problem[] = [];
  const baseDir = join(partnersDir, '_base');
  const ownDir = join(partnersDir, id);
  const merged: Record<string, unknown> = {};
  // Without its own partner.json a partner would silently become the base brand: that is a fault
  // (a deleted or half-deployed file), and the last valid configuration keeps serving.
  const ownConfig = join(ownDir, PARTS.config.name);
  if (!existsSync(ownConfig)) problems.push({ source: relative(rootDir, ownConfig), pointer: '', message: 'file is missing' });
  for (const [key, part] of Object.entries(PARTS)) {
    const basePath = join(baseDir, part.name);
    const ownPath = join(ownDir, part.name);
    const before = problems.length;
    const base = readJson(basePath, rootDir, problems);
    const own = readJson(ownPath, rootDir, problems);
    const value = own === undefined ? base : mergePatch(base, own);
    merged[key] = value;
    // A file that does not parse is the problem; validating what is left would only add noise
    // (every property "missing") blamed on the wrong file.
    if (problems.length > before) continue;
    const validate = part.validate as ValidateFn<unknown>;
    if (validate(value)) continue;
    const reported = new Set<string>();
    for (const error of validate.errors ?? []) {
      // Summaries (anyOf, propertyNames, ...) repeat their branches; problemsFrom drops them too.
      if (SUMMARY_KEYWORDS.has(error.keyword)) continue;
      for (const p of problemsFrom('', [error])) {
        const blamed = own !== undefined && blameOwn(error, p.pointer, base, own) ? ownPath : basePath;
        const problem = { ...p, source: relative(rootDir, blamed) };
        if (reported.has(formatProblem(problem))) continue;
        reported.add(formatProblem(problem));
        problems.push(problem);
      }
    }
  }
  const pages: Record<string, PageLayout> = {};
  for (const dir of [join(baseDir, 'pages'), join(ownDir, 'pages')]) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const path = join(dir, file);
      const doc = readJson(path, rootDir, problems);
      if (doc === undefined) continue;
      const name = file.replace(/\.json$/, '');
      const value = dir.startsWith(ownDir) && pages[name] ? mergePatch(pages[name], doc) : doc;
      if (!validateLayout(value)) {
        problems.push(...problemsFrom(relative(rootDir, path), validateLayout.errors));
        continue;
      }
      pages[name] = value;
    }
  }
  if (problems.length) return { bundle: null, problems };
  return {
    bundle: {
      id,
      config: merged.config as PartnerConfig,
      theme: withLogoSize(merged.theme as PartnerTheme, partnersDir),
      copy: merged.copy as CopyCatalogue,
      pages,
    },
    problems,
  };
}

/** An SVG's size from its root element: width and height in px, else its viewBox. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) return null;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1]?.trim();
  const px = (value: string | undefined) => (value && /^\d+(\.\d+)?(px)?$/.test(value) ? Math.round(parseFloat(value)) : NaN);
  let width = px(attr('width'));
  let height = px(attr('height'));
  if (!(width > 0 && height > 0)) {
    const box = (attr('viewBox') ?? '').split(/[\s,]+/).map(Number);
    width = Math.round(box[2] ?? NaN);
    height = Math.round(box[3] ?? NaN);
  }
  return width > 0 && height > 0 && width <= 4000 && height <= 4000 ? { width, height } : null;
}

/**
 * The logo's intrinsic size, so pages reserve its box before it loads (a logo of unknown width made
 * the header's other items wrap differently once it arrived): the theme's own, else read from the
 * file when it is an SVG served from the partners folder.
 */
function withLogoSize(theme: PartnerTheme, partnersDir: string): PartnerTheme {
  if (theme.logo.width !== undefined) return theme;
  const local = /^\/partner-assets\/([A-Za-z0-9_-]+\/[A-Za-z0-9._-]+\.svg)$/.exec(theme.logo.src)?.[1];
  if (!local) return theme;
  const path = join(partnersDir, local);
  if (!existsSync(path)) return theme;
  const size = svgSize(readFileSync(path, 'utf8'));
  return size ? { ...theme, logo: { ...theme.logo, ...size } } : theme;
}

function fingerprint(partnersDir: string, id: string): string {
  const parts: string[] = [];
  for (const dir of [
    join(partnersDir, '_base'),
    join(partnersDir, id),
    join(partnersDir, '_base', 'pages'),
    join(partnersDir, id, 'pages'),
  ]) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.json')) continue;
      const s = statSync(join(dir, name));
      parts.push(`${dir}/${name}:${s.mtimeMs}:${s.size}`);
    }
  }
  return parts.join('|');
}

export function listPartnerIds(partnersDir: string): string[] {
  return readdirSync(partnersDir)
    .filter((name) => !name.startsWith('_') && !name.startsWith('.') && existsSync(join(partnersDir, name, 'partner.json')))
    .sort();
}

const MAX_REMEMBERED_HOSTS = 256;

interface Entry {
  bundle: PartnerBundle | null;
  fingerprint: string;
  checkedAt: number;
}

export interface PartnerRegistryOptions {
  partnersDir: string;
  defaultPartner: string;
  log: (message: string) => void;
}

export class PartnerRegistry {
  private readonly entries = new Map<string, Entry>();
  /**
   * Host header -> partner id, as idForHost worked it out: every request asks, and the few hosts
   * repeat. Emptied when a partner's files change (its host names may have), and when full, since
   * a client may send any Host.
   */
  private readonly hostIds = new Map<string, string>();
  readonly ids: string[];

  /** Where problems found on a later re-read go (the app's logger once it exists); see reportTo. */
  private log: (message: string) => void;

  constructor(private readonly options: PartnerRegistryOptions) {
    this.log = options.log;
    this.ids = listPartnerIds(options.partnersDir);
    if (!this.ids.includes(options.defaultPartner)) {
      throw new Error(
        `DEFAULT_PARTNER "${options.defaultPartner}" is not a folder of ${options.partnersDir} (have: ${this.ids.join(', ')})`,
      );
    }
    for (const id of this.ids) this.refresh(id, true);
  }

  /**
   * Sends the problems of later re-reads elsewhere: a registry made before the app's logger (at
   * start-up, where its first read's problems go to the console) reports to that logger afterwards.
   */
  reportTo(log: (message: string) => void): void {
    this.log = log;
  }

  /** Problems of every partner as currently on disk (for `validate`). */
  static check(partnersDir: string): Problem[] {
    return listPartnerIds(partnersDir).flatMap((id) => loadPartner(partnersDir, id).problems);
  }

  private refresh(id: string, force = false): Entry {
    const now = Date.now();
    const existing = this.entries.get(id);
    if (existing && !force && now - existing.checkedAt < RECHECK_MS) return existing;
    const print = fingerprint(this.options.partnersDir, id);
    if (existing && existing.fingerprint === print) {
      existing.checkedAt = now;
      return existing;
    }
    const { bundle, problems } = loadPartner(this.options.partnersDir, id);
    for (const p of problems) this.log(formatProblem(p));
    const entry: Entry = {
      // The last valid bundle keeps serving while the files on disk are invalid.
      bundle: bundle ?? existing?.bundle ?? null,
      fingerprint: print,
      checkedAt: now,
    };
    if (problems.length && entry.bundle) this.log(`partner ${id}: keeping the last valid configuration`);
    this.entries.set(id, entry);
    this.hostIds.clear();
    return entry;
  }

  get(id: string): PartnerBundle | null {
    if (!this.ids.includes(id)) return null;
    return this.refresh(id).bundle;
  }

  /** Partner id for a Host header: `<id>.localhost`, a configured host name, else the default. */
  idForHost(hostHeader: string | undefined): string {
    const header = hostHeader ?? '';
    let id = this.hostIds.get(header);
    if (id === undefined) {
      id = this.idForHostName(header.toLowerCase().replace(/:\d+$/, ''));
      if (this.hostIds.size >= MAX_REMEMBERED_HOSTS) this.hostIds.clear();
      this.hostIds.set(header, id);
    }
    return id;
  }

  private idForHostName(host: string): string {
    const sub = host.endsWith('.localhost') ? host.slice(0, -'.localhost'.length).split('.').pop() : undefined;
    if (sub && this.ids.includes(sub)) return sub;
    for (const id of this.ids) {
      if (this.entries.get(id)?.bundle?.config.hosts.includes(host)) return id;
    }
    return this.options.defaultPartner;
  }

  forHost(hostHeader: string | undefined): PartnerBundle {
    const id = this.idForHost(hostHeader);
    const bundle = this.get(id) ?? this.get(this.options.defaultPartner);
    if (!bundle) throw new Error(`partner ${id} has no valid configuration`);
    return bundle;
  }
}
