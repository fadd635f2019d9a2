// What changed between two versions of an entry, in an editor's words: for a page layout the blocks
// added, removed and moved, and each block's fields, visibility and audience; for any other entry its
// fields. Pure (no React), so it is unit-tested.
import { humanise } from '../form/schema.ts';

export type Change =
  | { kind: 'added'; id: string; type: string }
  | { kind: 'removed'; id: string; type: string }
  | { kind: 'moved'; id: string; type: string; from: number; to: number }
  | { kind: 'hidden' | 'shown'; id: string; type: string }
  | { kind: 'audience'; id: string; type: string; before: unknown; after: unknown }
  | { kind: 'field'; id: string | null; type: string | null; path: string[]; before: unknown; after: unknown };

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

function same(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => same((a as Record<string, Json>)[k], (b as Record<string, Json>)[k]));
}

/** Leaf-level differences of two JSON values: one per changed text, number, flag, or added/removed list item. */
export function diffValues(before: Json, after: Json, path: string[] = []): Array<{ path: string[]; before: Json; after: Json }> {
  if (same(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffValues(before[key], after[key], [...path, key]));
  }
  if (Array.isArray(before) && Array.isArray(after) && !before.every((v) => typeof v !== 'object')) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => diffValues(before[i], after[i], [...path, String(i)])).flat();
  }
  return [{ path, before, after }];
}

/** The longest common subsequence of two id lists (blocks that kept their relative order). */
function lcs(a: readonly string[], b: readonly string[]): Set<string> {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

interface LayoutLike {
  title?: string;
  blocks?: Record<string, { type?: string; props?: Json; when?: Json; disabled?: boolean } | undefined>;
  order?: string[];
}

/** Changes from one page layout to another, in page order: removed, added, moved, then per-block edits. */
export function diffLayouts(beforeValue: Json, afterValue: Json): Change[] {
  const before = (isObject(beforeValue) ? beforeValue : {}) as LayoutLike;
  const after = (isObject(afterValue) ? afterValue : {}) as LayoutLike;
  const beforeOrder = before.order ?? [];
  const afterOrder = after.order ?? [];
  const beforeBlocks = before.blocks ?? {};
  const afterBlocks = after.blocks ?? {};
  const changes: Change[] = [];
  if ((before.title ?? '') !== (after.title ?? '')) {
    changes.push({ kind: 'field', id: null, type: null, path: ['title'], before: before.title, after: after.title });
  }
  const typeOf = (id: string) => afterBlocks[id]?.type ?? beforeBlocks[id]?.type ?? '?';
  for (const id of beforeOrder) if (!afterOrder.includes(id)) changes.push({ kind: 'removed', id, type: typeOf(id) });
  for (const id of afterOrder) if (!beforeOrder.includes(id)) changes.push({ kind: 'added', id, type: typeOf(id) });
  const common = afterOrder.filter((id) => beforeOrder.includes(id));
  const kept = lcs(
    beforeOrder.filter((id) => common.includes(id)),
    common,
  );
  for (const id of common) {
    if (!kept.has(id)) {
      changes.push({ kind: 'moved', id, type: typeOf(id), from: beforeOrder.indexOf(id) + 1, to: afterOrder.indexOf(id) + 1 });
    }
  }
  for (const id of common) {
    const a = beforeBlocks[id] ?? {};
    const b = afterBlocks[id] ?? {};
    const type = typeOf(id);
    if (a.type !== b.type) changes.push({ kind: 'field', id, type, path: ['type'], before: a.type, after: b.type });
    for (const d of diffValues(a.props ?? {}, b.props ?? {})) changes.push({ kind: 'field', id, type, ...d });
    if (!same(a.when, b.when)) changes.push({ kind: 'audience', id, type, before: a.when, after: b.when });
    if ((a.disabled ?? false) !== (b.disabled ?? false)) changes.push({ kind: b.disabled ? 'hidden' : 'shown', id, type });
  }
  return changes;
}

/** Changes of a form entry's fields. */
export function diffEntries(before: Json, after: Json): Change[] {
  return diffValues(before ?? {}, after ?? {}).map((d) => ({ kind: 'field', id: null, type: null, ...d }));
}

/** A field path in words: ["banner_text", "0", "text_desktop"] -> "Banner text › 1 › Text desktop". */
export function pathLabel(path: readonly string[]): string {
  return path.map((segment) => (/^\d+$/.test(segment) ? String(Number(segment) + 1) : humanise(segment))).join(' › ');
}

/** A value shown in a change line: quoted text (shortened), numbers, yes/no, "(empty)". */
export function valueLabel(value: Json, empty: string): string {
  if (value === undefined || value === null || value === '') return empty;
  if (typeof value === 'string') {
    const flat = value.replace(/\s+/g, ' ').trim();
    return `“${flat.length > 80 ? `${flat.slice(0, 79)}…` : flat}”`;
  }
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') return String(value);
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
