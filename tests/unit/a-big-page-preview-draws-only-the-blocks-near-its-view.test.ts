// The editor's preview of a big page draws the blocks within one view height of its view (above
// and below) and keeps the rest as stand-ins (src/client/page/preview-window.ts).
import { describe, expect, it } from 'vitest';
import { blocksNearView } from '#client/page/preview-window.ts';

/** `count` blocks of `height` px stacked from `top` (relative to the view's top). */
const stack = (count: number, height: number, top = 0) =>
  Array.from({ length: count }, (_, i) => ({ top: top + i * height, bottom: top + (i + 1) * height }));

describe('blocksNearView', () => {
  it('at the top of a 200-block page: the blocks in view and one view below, not the rest', () => {
    const near = blocksNearView(stack(200, 300), 600);
    // 0-600 in view, 600-1200 below it.
    expect(near).toEqual([0, 1, 2, 3, 4]);
  });

  it('scrolled far down: the blocks around the view only', () => {
    const near = blocksNearView(stack(200, 300, -30_000), 600);
    expect(near[0]).toBeGreaterThan(90);
    expect(near.at(-1)).toBeLessThan(106);
    expect(near).toContain(100);
  });

  it('a block taller than the view, across it, is drawn', () => {
    expect(blocksNearView([{ top: -5000, bottom: 5000 }], 600)).toEqual([0]);
  });
});
