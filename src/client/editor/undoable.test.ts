// Undo/redo by immer patches: every edit can be taken back and redone; typing in one field is one step.
import { describe, expect, it } from 'vitest';
import { applyChange, initialState, redoState, setAtPath, undoState } from './undoable.ts';

type Doc = { order: string[]; blocks: Record<string, { text?: string }> };
const start: Doc = { order: ['a', 'b'], blocks: { a: { text: 'A' }, b: {} } };

describe('undoable edits', () => {
  it('undoes and redoes each edit, and a new edit clears the redo list', () => {
    let s = initialState(start);
    s = applyChange(s, (d) => void d.order.reverse(), null);
    s = applyChange(s, (d) => setAtPath(d, ['blocks', 'b', 'text'], 'B'), null);
    expect(s.value).toEqual({ order: ['b', 'a'], blocks: { a: { text: 'A' }, b: { text: 'B' } } });
    s = undoState(s);
    expect(s.value.blocks.b).toEqual({});
    s = undoState(s);
    expect(s.value).toEqual(start);
    s = redoState(s);
    expect(s.value.order).toEqual(['b', 'a']);
    s = applyChange(s, (d) => setAtPath(d, ['blocks', 'a', 'text'], undefined), null);
    expect(redoState(s)).toBe(s);
  });

  it('merges consecutive edits of the same field into one step', () => {
    let s = initialState(start);
    for (const text of ['AB', 'ABC', 'ABCD']) s = applyChange(s, (d) => setAtPath(d, ['blocks', 'a', 'text'], text), 'blocks/a/text');
    expect(s.undo).toHaveLength(1);
    s = undoState(s);
    expect(s.value).toEqual(start);
    s = redoState(s);
    expect(s.value.blocks.a!.text).toBe('ABCD');
  });
});
