import { describe, expect, it } from 'vitest';
import { keptChanges, putAt, valueAt } from './merge.ts';

describe('merging a kept version', () => {
  const theirs = { title: 'Theirs', banner_text: [{ type: 'title', fields: { text_desktop: 'A' } }], tooltip: 'same' };
  const mine = {
    title: 'Mine',
    banner_text: [
      { type: 'title', fields: { text_desktop: 'B' } },
      { type: 'button', fields: {} },
    ],
    tooltip: 'same',
  };

  it('lists each field that differs, with both values', () => {
    expect(keptChanges(theirs, mine)).toEqual([
      { path: ['title'], theirs: 'Theirs', mine: 'Mine' },
      { path: ['banner_text', '0', 'fields', 'text_desktop'], theirs: 'A', mine: 'B' },
      { path: ['banner_text', '1'], theirs: undefined, mine: { type: 'button', fields: {} } },
    ]);
  });

  it('takes one field from the kept version, leaving the others as they are', () => {
    const merged = structuredClone(theirs) as Record<string, unknown>;
    for (const change of keptChanges(theirs, mine).filter((c) => c.path[0] === 'banner_text')) putAt(merged, change.path, change.mine);
    expect(merged).toEqual({ ...theirs, banner_text: mine.banner_text });
    expect(valueAt(merged, ['banner_text', '1', 'type'])).toBe('button');
  });

  it('removes what the kept version does not have', () => {
    const merged = structuredClone(mine) as Record<string, unknown>;
    putAt(merged, ['banner_text', '1'], undefined);
    putAt(merged, ['title'], undefined);
    expect(merged).toEqual({ banner_text: [mine.banner_text[0]], tooltip: 'same' });
  });
});
