// Everything that keeps a CMS entry from going live, in one place for the editor (at the field, as
// it is typed) and the editor API (stored with every draft, and the reason a publish is refused):
// the entry's schema (required, lengths, formats, enums), for a page layout also every placed block's
// props, and the link rule (cms-links.ts). Validators are passed in: the server has all of them, the
// editor loads the ones a screen needs.
import type { ValidateFn } from './generated/validators.js';
import { problemsFrom, escapePointer } from './validation.ts';
import { linkProblems, type LinkContext } from './cms-links.ts';
import { LAYOUT_SLUG, type CmsContentName } from './cms.ts';

export interface FieldProblem {
  /** JSON pointer into the entry's fields. */
  pointer: string;
  message: string;
}

/** Puts "missing required property x" at the property itself, and says an emptied text is required. */
export function atField(problem: FieldProblem): FieldProblem {
  const missing = /^missing required property "(.+)"$/.exec(problem.message);
  if (missing) return { pointer: `${problem.pointer}/${escapePointer(missing[1]!)}`, message: 'is required' };
  // A text of spaces only (a banner part's text has to have words: `"pattern": "\\S"`) is as empty as no text.
  if (problem.message === 'must NOT have fewer than 1 characters' || problem.message === 'must match pattern "\\S"')
    return { ...problem, message: 'is required' };
  return problem;
}

/** Schema problems of a value, at their fields, pointers prefixed with `base`. */
export function schemaProblems(validate: ValidateFn<unknown>, value: unknown, base = ''): FieldProblem[] {
  if (validate(value)) return [];
  return problemsFrom('cms', validate.errors, base).map(({ pointer, message }) => atField({ pointer, message }));
}

/** How a block type's props are checked: its validator, 'unknown' (no such block), or null (not loaded: skipped). */
export type BlockCheck = (type: string) => ValidateFn<unknown> | 'unknown' | null;

interface LayoutLike {
  blocks?: Record<string, { type?: unknown; props?: unknown } | undefined>;
  order?: unknown;
}

/** Problems of a page layout: its structure, each placed block's type and props. */
export function layoutShapeProblems(layout: unknown, validateLayout: ValidateFn<unknown> | null, blockCheck: BlockCheck): FieldProblem[] {
  const problems = validateLayout ? schemaProblems(validateLayout, layout) : [];
  const { blocks = {}, order } = (typeof layout === 'object' && layout !== null ? layout : {}) as LayoutLike;
  const ids = Array.isArray(order) ? order.filter((id): id is string => typeof id === 'string') : [];
  ids.forEach((id, index) => {
    const block = Object.hasOwn(blocks, id) ? blocks[id] : undefined;
    if (!block) problems.push({ pointer: `/order/${index}`, message: `no block with id "${id}"` });
    else problems.push(...blockShapeProblems(id, block, blockCheck));
  });
  return problems;
}

/**
 * One placed block's type and props problems; the editor keeps them per block object, so a
 * keystroke re-checks only the block it changed.
 */
export function blockShapeProblems(id: string, block: { type?: unknown; props?: unknown }, blockCheck: BlockCheck): FieldProblem[] {
  if (typeof block.type !== 'string') return [];
  const check = blockCheck(block.type);
  const pointer = `/blocks/${escapePointer(id)}`;
  if (check === 'unknown') return [{ pointer: `${pointer}/type`, message: `unknown block type "${block.type}"` }];
  return check ? schemaProblems(check, block.props ?? {}, `${pointer}/props`) : [];
}

export interface EntryCheck {
  contentName: CmsContentName;
  slug: string;
  fields: unknown;
  /** The entry's validator (cms-validators.ts picks it), or null when not loaded. */
  validate: ValidateFn<unknown> | null;
  /** Page layouts only: how block props are checked. */
  blockCheck?: BlockCheck;
  links: LinkContext;
}

/** Every problem of an entry, one per pointer and message, in document order of discovery. */
export function entryProblems({ contentName, slug, fields, validate, blockCheck, links }: EntryCheck): FieldProblem[] {
  const isLayout = (contentName === 'home' || contentName === 'discover') && slug === LAYOUT_SLUG;
  const problems = isLayout
    ? layoutShapeProblems(fields, validate, blockCheck ?? (() => null))
    : validate
      ? schemaProblems(validate, fields)
      : [];
  for (const { pointer, message } of linkProblems(isLayout ? null : contentName, fields, links)) problems.push({ pointer, message });
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
