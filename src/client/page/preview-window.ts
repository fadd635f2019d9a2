// The page editor's preview of a big page draws only the blocks near its view; the others are empty
// stand-ins of their last drawn height, drawn as they scroll near. The preview frame is same-origin,
// so it shares the editor's renderer: every frame the editor paints for a keystroke also laid out,
// painted, layered (Layerize) and intersection-checked (its lazy images) the whole member page in
// the frame, which at 200 blocks cost more than the editor's own work. Member pages draw every block.
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Pages with more blocks than this are windowed in the preview; smaller ones draw every block. */
export const PREVIEW_WINDOW_MIN = 24;
/** Blocks drawn before anything is measured (the top of the page, where the preview opens). */
export const FIRST_DRAWN = 8;
/** How far beyond the view blocks are drawn, in heights of the view (above and below). */
export const NEAR_VIEWS = 1;
/** A stand-in's height until its block was drawn once (about a carousel's). */
export const STAND_IN_HEIGHT = 360;

export interface BlockSpan {
  top: number;
  bottom: number;
}

/**
 * The indices of the blocks within `NEAR_VIEWS` view heights of the view (`spans` relative to the
 * view's top, in page order).
 */
export function blocksNearView(spans: readonly BlockSpan[], viewHeight: number, near = NEAR_VIEWS): number[] {
  const from = -near * viewHeight;
  const to = (1 + near) * viewHeight;
  const found: number[] = [];
  spans.forEach((span, index) => {
    if (span.bottom >= from && span.top <= to) found.push(index);
  });
  return found;
}

/** The page's own block elements (not those of a layout nested in a block), in order. */
function pageBlockElements(page: HTMLElement): HTMLElement[] {
  return Array.from(page.querySelectorAll<HTMLElement>('[data-block-id]')).filter((element) => {
    const outer = element.parentElement?.closest('[data-block-id]');
    return !outer || !page.contains(outer);
  });
}

export interface PreviewWindow {
  /** null: draw the block; a number: an empty stand-in of that height. */
  standIn(id: string): number | null;
}

const DRAW_ALL: PreviewWindow = { standIn: () => null };

/**
 * Which of `ids` the preview draws (`enabled`: a preview of more than PREVIEW_WINDOW_MIN blocks),
 * following the frame's scrolling and size; `page` is the element holding the blocks.
 */
export function usePreviewWindow(ids: readonly string[], enabled: boolean, page: RefObject<HTMLElement | null>): PreviewWindow {
  const order = ids.join('\n');
  const heights = useRef(new Map<string, number>());
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set(ids.slice(0, FIRST_DRAWN)));

  const measure = useCallback(() => {
    const element = page.current;
    if (!element) return;
    const blocks = pageBlockElements(element);
    const spans = blocks.map((block) => {
      const rect = block.getBoundingClientRect();
      // No box (display: none, which Suspense sets on a drawn block while it loads): where it is is
      // not known, so it keeps what it was (below).
      if (rect.width === 0 && rect.height === 0) return { top: Infinity, bottom: Infinity, height: 0 };
      return { top: rect.top, bottom: rect.bottom, height: rect.height };
    });
    const nearIds = new Set<string>();
    for (const index of blocksNearView(spans, window.innerHeight)) {
      const id = blocks[index]?.getAttribute('data-block-id');
      if (id) nearIds.add(id);
    }
    setDrawn((was) => {
      const near = new Set(nearIds);
      blocks.forEach((block, index) => {
        const id = block.getAttribute('data-block-id');
        if (id && spans[index]?.top === Infinity && was.has(id)) near.add(id);
      });
      // A drawn block's height is what its stand-in keeps once it leaves the view.
      blocks.forEach((block, index) => {
        const id = block.getAttribute('data-block-id');
        const span = spans[index];
        if (!id || !span || !was.has(id)) return;
        if (span.height > 0) heights.current.set(id, span.height);
        // Drawn and empty: the block shows nothing to this member state.
        else if (block.childElementCount === 0) heights.current.set(id, 0);
      });
      return near.size === was.size && [...near].every((id) => was.has(id)) ? was : near;
    });
  }, [page]);

  useLayoutEffect(() => {
    if (!enabled) return;
    let queued = 0;
    const onChange = () => {
      if (queued) return;
      queued = requestAnimationFrame(() => {
        queued = 0;
        measure();
      });
    };
    measure();
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      cancelAnimationFrame(queued);
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
    };
    // The blocks (their order, added or removed ones) change what is near the view.
  }, [enabled, measure, order]);

  if (!enabled) return DRAW_ALL;
  return { standIn: (id) => (drawn.has(id) ? null : (heights.current.get(id) ?? STAND_IN_HEIGHT)) };
}
