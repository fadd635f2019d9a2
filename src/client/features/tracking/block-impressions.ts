// Per-block impressions on member pages: a block counts as seen when at least half of it
// is in view for a second, once per page view; a click on a link or button inside it counts as a
// click. Records wait in one queue and go out with the next page view's post, after FLUSH_MS, or
// when the page is hidden (keepalive), so a member's browsing stays within /api/Impressions' rate
// limit (a few posts a minute). The server counts them per block, page and member state for the
// page editor's outline.
import { useEffect, useRef, type RefObject } from 'react';
import { postImpressions, type ImpressionFields } from './api/impressions.ts';

export const BLOCK_VIEW = 'block_view';
export const BLOCK_CLICK = 'block_click';
/** Share of a block that must be in view (of the block, or of the viewport for a block taller than it). */
export const SEEN_RATIO = 0.5;
export const SEEN_MS = 1000;
export const FLUSH_MS = 10_000;

interface Watched {
  blockId: string;
  visible: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

let queue: ImpressionFields[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;
let listening = false;
/** Blocks (by page and id) already counted in this page view. */
const seen = new Set<string>();
const watched = new Map<Element, Watched>();
let observer: IntersectionObserver | null = null;

const pageKey = (blockId: string) => `${window.location.pathname}\n${blockId}`;

function enqueue(record: ImpressionFields): void {
  queue.push(record);
  if (!listening) {
    listening = true;
    // The queue goes out while the page can still send it (keepalive): tab hidden, page left.
    const out = () => void flushBlockImpressions();
    window.addEventListener('pagehide', out);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') out();
    });
  }
  flushTimer ??= setTimeout(() => void flushBlockImpressions(), FLUSH_MS);
}

/** The queued records, emptied (the page view's post carries them). */
export function takeBlockImpressions(): ImpressionFields[] {
  const taken = queue;
  queue = [];
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  return taken;
}

export function flushBlockImpressions(): Promise<void> {
  return postImpressions(takeBlockImpressions());
}

function countView(item: Watched): void {
  item.timer = null;
  const key = pageKey(item.blockId);
  if (seen.has(key)) return;
  seen.add(key);
  enqueue({ event: BLOCK_VIEW, path: window.location.pathname, blockId: item.blockId });
}

function startTimer(item: Watched): void {
  if (item.timer || seen.has(pageKey(item.blockId))) return;
  item.timer = setTimeout(() => countView(item), SEEN_MS);
}

function stopTimer(item: Watched): void {
  if (item.timer) clearTimeout(item.timer);
  item.timer = null;
}

/** Half the block, or half the viewport when the block is taller than two viewports' halves. */
function halfInView(entry: IntersectionObserverEntry): boolean {
  if (!entry.isIntersecting) return false;
  if (entry.intersectionRatio >= SEEN_RATIO) return true;
  const viewport = entry.rootBounds?.height ?? window.innerHeight;
  return entry.intersectionRect.height >= viewport * SEEN_RATIO;
}

function observerOf(): IntersectionObserver | null {
  if (observer || typeof IntersectionObserver === 'undefined') return observer;
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const item = watched.get(entry.target);
        if (!item) continue;
        item.visible = halfInView(entry);
        if (item.visible) startTimer(item);
        else stopTimer(item);
      }
    },
    // Every tenth: a block taller than the viewport reaches half of the viewport between two steps.
    { threshold: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] },
  );
  return observer;
}

/**
 * A new page view (a navigation): every block may count once more; blocks still in view start
 * their second again.
 */
export function startPageView(): void {
  seen.clear();
  for (const item of watched.values()) {
    stopTimer(item);
    if (item.visible) startTimer(item);
  }
}

/** Counts the views of a member page's block element and the clicks on its links and buttons; answers the cleanup. */
export function watchBlock(element: Element, blockId: string): () => void {
  const item: Watched = { blockId, visible: false, timer: null };
  watched.set(element, item);
  observerOf()?.observe(element);
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target.closest('a[href], button, [role="button"], [role="link"]') : null;
    if (target && element.contains(target)) enqueue({ event: BLOCK_CLICK, path: window.location.pathname, blockId });
  };
  element.addEventListener('click', onClick);
  return () => {
    stopTimer(item);
    watched.delete(element);
    observer?.unobserve(element);
    element.removeEventListener('click', onClick);
  };
}

/** The ref of a member page's block element whose views and clicks count (none while `enabled` is false: previews). */
export function useBlockImpressions(blockId: string, enabled: boolean): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    return watchBlock(element, blockId);
  }, [blockId, enabled]);
  return ref;
}
