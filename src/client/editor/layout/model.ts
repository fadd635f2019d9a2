// Plain functions over a page layout for the visual editor: block names and one-line summaries,
// the `when` sentence, problems per block, new ids. No React, so they are unit-tested.
import type { BlockCondition, PageLayout } from '#shared/generated/types.ts';
import type { ValidateFn } from '#shared/generated/validators.js';
import { substitute, type PlaceholderValues } from '#shared/copy.ts';
import type { Translate } from '../copy.tsx';
import { uniqueProblems, type FieldProblem } from '../form/problems.ts';
import { blockShapeProblems, schemaProblems, type BlockCheck } from '#shared/cms-problems.ts';
import { linkProblems, type LinkContext } from '#shared/cms-links.ts';
import { BLOCKS } from '../schemas.ts';
import { blockValidatorName, cachedValidator } from '../validators.ts';
import { flagName } from './availability.ts';
import { escapePointer, unescapePointer } from '#shared/validation.ts';

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

/** How the editor checks a block type's props: its loaded validator, 'unknown' for a type the registry lacks. */
export const editorBlockCheck: BlockCheck = (type) => (BLOCKS.has(type) ? blockValidator(type) : 'unknown');

/** One block's problems, with what they were found with: reused while the block object and all of these are the same. */
interface CheckedBlock {
  id: string;
  check: ReturnType<BlockCheck>;
  context: LinkContext;
  /** Its type and props (counted only while the block is placed in `order`). */
  shape: FieldProblem[];
  /** Its links and images. */
  links: FieldProblem[];
}

// By block object: an edit is an immer change, which keeps every block it did not touch as the same
// object, so a keystroke re-checks one block, not the page (200 blocks cost several ms a key).
const checkedBlocks = new WeakMap<NonNullable<Block>, CheckedBlock>();

function checkBlock(id: string, block: NonNullable<Block>, links: LinkContext, blockCheck: BlockCheck): CheckedBlock {
  const check = blockCheck(block.type);
  const kept = checkedBlocks.get(block);
  // A validator that loaded since (null before) or another link context means checking again.
  if (kept && kept.id === id && kept.check === check && kept.context === links) return kept;
  const checked: CheckedBlock = {
    id,
    check,
    context: links,
    shape: blockShapeProblems(id, block, () => check),
    links: linkProblems(null, block, links, `/blocks/${escapePointer(id)}`).map(({ pointer, message }) => ({ pointer, message })),
  };
  checkedBlocks.set(block, checked);
  return checked;
}

/**
 * Every problem of the layout, by the rules the server refuses a publish with (#shared/cms-problems.ts
 * `entryProblems`, the same problems in the same order): its structure, each block's type and props,
 * and the link rule with the partner's routes. Blocks are checked one at a time and their problems
 * kept per block object, so only the blocks an edit changed are checked again.
 */
export function layoutProblems(layout: Layout, links: LinkContext, blockCheck: BlockCheck = editorBlockCheck): FieldProblem[] {
  const validate = cachedValidator('validateLayout');
  const problems = validate ? schemaProblems(validate, layout) : [];
  layout.order.forEach((id, index) => {
    const block = Object.hasOwn(layout.blocks, id) ? layout.blocks[id] : undefined;
    if (!block) problems.push({ pointer: `/order/${index}`, message: `no block with id "${id}"` });
    else problems.push(...checkBlock(id, block, links, blockCheck).shape);
  });
  // Links: the page's own fields, then every block's (placed or not), as the server walks them.
  const { blocks, ...page } = layout;
  for (const { pointer, message } of linkProblems(null, page, links)) problems.push({ pointer, message });
  for (const [id, block] of Object.entries(blocks)) if (block) problems.push(...checkBlock(id, block, links, blockCheck).links);
  return uniqueProblems(problems);
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
  const name = context.entryName?.(block);
  const text = name ?? firstText(block.props ?? {});
  if (!text) return '';
  const filled = context.placeholders ? substitute(text, context.placeholders as PlaceholderValues) : text;
  // An entry's name is its title, shown whole; a block's own text is its start, cut between words.
  if (name || filled.length <= SUMMARY_LENGTH) return filled;
  const space = filled.lastIndexOf(' ', SUMMARY_LENGTH - 1);
  return `${filled.slice(0, space > SUMMARY_LENGTH / 2 ? space : SUMMARY_LENGTH - 1).trimEnd()}…`;
}

/** How much of a block's own text its summary shows: about a sentence. */
const SUMMARY_LENGTH = 90;

/** What names a block in a sentence: its summary, else its type's name. */
export function blockLabel(block: Block | undefined, context: SummaryContext = {}): string {
  return blockSummary(block, context) || blockTitle(block);
}

function listWords(items: string[], t: Translate): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${t('editor.when.or')} ${items[items.length - 1]}`;
}

// Made once: toLocaleDateString makes a formatter per call, and summaries are worked out per block.
const SHORT_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function shortDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return SHORT_DATE.format(date);
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
