// Merging an editor's kept version (their save, refused because someone changed the entry first)
// into the newer one on screen, field by field: what differs, and taking one field's value from the
// kept version. Pure (no React), so it is unit-tested.
import { diffValues } from './diff.ts';

export interface KeptChange {
  path: string[];
  /** The value on screen (the newer version, and any edits since). */
  theirs: unknown;
  /** The value in the kept version. */
  mine: unknown;
}

/** The fields where the kept version differs from the screen, one per changed text, flag or list item. */
export function keptChanges(current: unknown, kept: unknown): KeptChange[] {
  return diffValues(current ?? {}, kept ?? {}).map(({ path, before, after }) => ({ path, theirs: before, mine: after }));
}

type Container = Record<string, unknown> | unknown[];
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** The value at a path, or undefined. */
export function valueAt(root: unknown, path: readonly string[]): unknown {
  let at: unknown = root;
  for (const segment of path) {
    if (!isContainer(at)) return undefined;
    at = Array.isArray(at) ? at[Number(segment)] : at[segment];
  }
  return at;
}

/**
 * Sets the value at a path in `root` (mutating it: an immer draft), making the objects and lists on
 * the way; `undefined` removes it (a list item is taken out of its list).
 */
export function putAt(root: Container, path: readonly string[], value: unknown): void {
  let at: Container = root;
  for (let i = 0; i < path.length - 1; i++) {
    const segment = path[i]!;
    const key = Array.isArray(at) ? Number(segment) : segment;
    const next = (at as Record<string | number, unknown>)[key];
    if (!isContainer(next)) {
      if (value === undefined) return;
      (at as Record<string | number, unknown>)[key] = /^\d+$/.test(path[i + 1]!) ? [] : {};
    }
    at = (at as Record<string | number, unknown>)[key] as Container;
  }
  const last = path[path.length - 1];
  if (last === undefined) return;
  if (Array.isArray(at)) {
    const index = Number(last);
    if (value === undefined) {
      if (index < at.length) at.splice(index, 1);
    } else at[index] = structuredClone(value);
  } else if (value === undefined) delete at[last];
  else at[last] = structuredClone(value);
}
