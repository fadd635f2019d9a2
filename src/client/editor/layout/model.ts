// Plain functions over a page layout for the visual editor: block names and one-line summaries,
// the `when` sentence, problems per block, new ids. No React, so they are unit-tested.
import type { BlockCondition, PageLayout } from '#shared/generated/types.ts';
import type { ValidateFn } from '#shared/generated/validators.js';
import { substitute, type PlaceholderValues } from '#shared/copy.ts';
import type { Translate } from '../copy.tsx';
import type { FieldProblem } from '../form/problems.ts';
import { entryProblems } from '#shared/cms-problems.ts';
import type { LinkContext } from '#shared/cms-links.ts';
import { LAYOUT_SLUG } from '#shared/cms.ts';
import { BLOCKS } from '../schemas.ts';
import { blockValidatorName, cachedValidator } from '../validators.ts';
import { flagName } from './availability.ts';
import { unescapePointer } from '#shared/validation.ts';

export type Layout = PageLayout;
export type Block = Layout['blocks'][string];

/**
 * The precompiled props validator of a block type, once loaded (validators.ts), or null for a type
 * the registry does not have. The editor loads the validators of a page's block types before it
 * shows the page, and a new type's before adding the block.
 */
export function blockValidator(type: string): ValidateFn<unknown> | null {
  const name = blockValidatorName(type);
  return name ? (cachedValidator(name) ?? null) : null;
}

/** The validators a layout's check needs: the layout's and each block type's. */
export function layoutValidatorNames(layout: Layout): string[] {
  const names = new Set(['validateLayout']);
  for (const block of Object.values(layout.blocks)) {
    const name = block ? blockValidatorName(block.type) : null;
    if (name) names.add(name);
  }
  return [...names];
}

/**
 * Every problem of the layout, by the rules the server refuses a publish with (#shared/cms-problems.ts):
 * its structure, each block's type and props, and the link rule with the partner's routes.
 */
export function layoutProblems(layout: Layout, links: LinkContext): FieldProblem[] {
  return entryProblems({
    contentName: 'home',
    slug: LAYOUT_SLUG,
    fields: layout,
    validate: cachedValidator('validateLayout') ?? null,
    blockCheck: (type) => (BLOCKS.has(type) ? blockValidator(type) : 'unknown'),
    links,
  });
}

/** The block id a problem belongs to, or null for the page itself. */
export function problemBlockId(pointer: string): string | null {
  const match = /^\/blocks\/([^/]+)/.exec(pointer);
  return match ? unescapePointer(match[1]!) : null;
}

export function blockTitle(block: Block | undefined): string {
  if (!block) return '?';
  return BLOCKS.get(block.type)?.title ?? block.type;
}

const SUMMARY_KEYS = ['headline', 'title', 'text', 'label', 'slug', 'query', 'to', 'url'];

function firstText(value: unknown, depth = 0): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (depth > 2 || !value || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstText(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const record = value as Record<string, unknown>;
  for (const key of SUMMARY_KEYS) {
    const found = typeof record[key] === 'string' && (record[key] as string).trim() ? (record[key] as string).trim() : null;
    if (found) return found;
  }
  for (const item of Object.values(record)) {
    const found = firstText(item, depth + 1);
    if (found) return found;
  }
  return null;
}

/** What a summary needs to speak as members read: the entries' names and the placeholders' values. */
export interface SummaryContext {
  placeholders?: Readonly<Record<string, string>>;
  /** The name of the entry a block shows (a banner's "Hero (visitors)"), when known. */
  entryName?: (block: Block) => string | null;
}

/**
 * One line saying what this instance shows: the name of the entry it shows, else its headline or
 * text, with {currency} and the other placeholders filled in as members see them.
 */
export function blockSummary(block: Block | undefined, context: SummaryContext = {}): string {
  if (!block) return '';
  const text = context.entryName?.(block) ?? firstText(block.props ?? {});
  if (!text) return '';
  const filled = context.placeholders ? substitute(text, context.placeholders as PlaceholderValues) : text;
  return filled.length > 70 ? `${filled.slice(0, 69)}…` : filled;
}

/** What names a block in a sentence: its summary, else its type's name. */
export function blockLabel(block: Block | undefined, context: SummaryContext = {}): string {
  return blockSummary(block, context) || blockTitle(block);
}

function listWords(items: string[], t: Translate): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${t('editor.when.or')} ${items[items.length - 1]}`;
}

function shortDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The parts of a condition in words: "card members", "at tier 2 or 3", "until 31 Dec 2026", ... */
function whenParts(when: BlockCondition, t: Translate): string[] {
  const parts: string[] = [];
  parts.push(
    when.visitor?.length
      ? listWords(
          when.visitor.map((v) => t(`editor.visitor.${v}`)),
          t,
        )
      : t('editor.when.visitors'),
  );
  if (when.tier?.length) parts.push(t('editor.when.tier', { tiers: listWords([...when.tier].sort().map(String), t) }));
  if (when.enrollmentType?.length) parts.push(t('editor.when.enrollment', { types: listWords(when.enrollmentType, t) }));
  if (when.userStates?.length) parts.push(t('editor.when.userStates', { states: listWords(when.userStates, t) }));
  for (const [flag, on] of Object.entries(when.flags ?? {})) {
    parts.push(t(on ? 'editor.when.flagOn' : 'editor.when.flagOff', { flag: flagName(flag, t) }));
  }
  if (when.nativeApp !== undefined) parts.push(t(when.nativeApp ? 'editor.when.inApp' : 'editor.when.notInApp'));
  if (when.pwa !== undefined) parts.push(t(when.pwa ? 'editor.when.inPwa' : 'editor.when.notInPwa'));
  if (when.from) parts.push(t('editor.when.from', { date: shortDate(when.from) }));
  if (when.until) parts.push(t('editor.when.until', { date: shortDate(when.until) }));
  return parts;
}

/** `when` in plain words: "Shown to card members at tier 2 or 3 until 31 Dec 2026, except ...". */
export function whenSummary(when: BlockCondition | undefined, t: Translate): string {
  if (!when || Object.keys(when).length === 0) return t('editor.when.everyone');
  const { not, ...rest } = when;
  const shown = t('editor.when.shownTo', { who: whenParts(rest, t).join(' ') });
  return not ? t('editor.when.except', { shown, who: whenParts(not, t).join(' ') }) : shown;
}

/** A block id not in use yet: `<type>`, `<type>-2`, ... */
export function newBlockId(layout: Layout, base: string): string {
  const stem = base.replace(/[^A-Za-z0-9_-]/g, '-').replace(/^[^A-Za-z]+/, '') || 'block';
  if (!Object.hasOwn(layout.blocks, stem)) return stem.slice(0, 64);
  for (let n = 2; ; n++) {
    const id = `${stem.replace(/-\d+$/, '')}-${n}`.slice(0, 64);
    if (!Object.hasOwn(layout.blocks, id)) return id;
  }
}

export function emptyLayout(): Layout {
  return { version: 1, blocks: {}, order: [] };
}
