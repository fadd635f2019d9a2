// Undo/redo for every edit: each change is an immer recipe; its patches and inverse
// patches are kept, so undo applies the inverse patches and redo the patches. Consecutive edits of
// the same field (typing a word) merge into one step, so Ctrl+Z takes back the word, not a letter.
import { useCallback, useMemo, useState } from 'react';
import { applyPatches, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer';

enablePatches();

interface Step {
  patches: Patch[];
  inverse: Patch[];
  /** Edits with the same key in a row become one step. */
  key: string | null;
}

interface State<T> {
  value: T;
  undo: Step[];
  redo: Step[];
  /** Bumped on every change (edits, undo, redo, reset): what autosave and the preview follow. */
  revision: number;
}

export interface Undoable<T> {
  value: T;
  revision: number;
  canUndo: boolean;
  canRedo: boolean;
  change: (recipe: (draft: Draft<T>) => void, key?: string) => void;
  undo: () => void;
  redo: () => void;
  reset: (value: T) => void;
}

const LIMIT = 200;

export function applyChange<T>(state: State<T>, recipe: (draft: Draft<T>) => void, key: string | null): State<T> {
  const [value, patches, inverse] = produceWithPatches(state.value, recipe);
  if (patches.length === 0) return state;
  const last = state.undo[state.undo.length - 1];
  const undo =
    key !== null && last?.key === key
      ? [...state.undo.slice(0, -1), { patches: [...last.patches, ...patches], inverse: [...inverse, ...last.inverse], key }]
      : [...state.undo, { patches, inverse, key }].slice(-LIMIT);
  return { value, undo, redo: [], revision: state.revision + 1 };
}

export function undoState<T>(state: State<T>): State<T> {
  const step = state.undo[state.undo.length - 1];
  if (!step) return state;
  return {
    value: applyPatches(state.value as object, step.inverse) as T,
    undo: state.undo.slice(0, -1),
    redo: [...state.redo, { ...step, key: null }],
    revision: state.revision + 1,
  };
}

export function redoState<T>(state: State<T>): State<T> {
  const step = state.redo[state.redo.length - 1];
  if (!step) return state;
  return {
    value: applyPatches(state.value as object, step.patches) as T,
    undo: [...state.undo, { ...step, key: null }],
    redo: state.redo.slice(0, -1),
    revision: state.revision + 1,
  };
}

export function initialState<T>(value: T): State<T> {
  return { value, undo: [], redo: [], revision: 0 };
}

export function useUndoable<T>(initial: () => T): Undoable<T> {
  const [state, setState] = useState<State<T>>(() => initialState(initial()));
  const change = useCallback((recipe: (draft: Draft<T>) => void, key?: string) => setState((s) => applyChange(s, recipe, key ?? null)), []);
  const undo = useCallback(() => setState(undoState), []);
  const redo = useCallback(() => setState(redoState), []);
  const reset = useCallback((value: T) => setState((s) => ({ ...initialState(value), revision: s.revision + 1 })), []);
  return useMemo(
    () => ({
      value: state.value,
      revision: state.revision,
      canUndo: state.undo.length > 0,
      canRedo: state.redo.length > 0,
      change,
      undo,
      redo,
      reset,
    }),
    [state, change, undo, redo, reset],
  );
}

/** Sets (or, for undefined, deletes) the value at a path inside an immer draft. */
export function setAtPath(target: unknown, path: ReadonlyArray<string | number>, value: unknown): void {
  if (path.length === 0) return;
  let node = target as Record<string | number, unknown>;
  for (const [i, segment] of path.slice(0, -1).entries()) {
    let next = node[segment];
    if (next === null || typeof next !== 'object') {
      next = typeof path[i + 1] === 'number' ? [] : {};
      node[segment] = next;
    }
    node = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
    else delete node[last];
  } else node[last] = value;
}
