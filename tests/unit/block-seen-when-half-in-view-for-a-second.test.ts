// @vitest-environment happy-dom
// Member pages count a block as seen when at least half of it is in view for a second, once per
// page view, and count clicks on its links and buttons; the records go out together in one post.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrfForTests, startCsrf } from '#client/api/csrf.ts';
import {
  BLOCK_CLICK,
  BLOCK_VIEW,
  FLUSH_MS,
  SEEN_MS,
  flushBlockImpressions,
  startPageView,
  takeBlockImpressions,
  watchBlock,
} from '#client/features/tracking/block-impressions.ts';
import { fakeFetch } from '#tests/utils/render.tsx';

/** The one IntersectionObserver the tracker makes; tests say what is in view. */
class FakeObserver {
  static current: FakeObserver | null = null;
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.current = this;
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
  }
  /** Reports `target` with this share of it in view (its own height `height`, the viewport 800 px). */
  show(target: Element, ratio: number, height = 400) {
    const entry = {
      target,
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
      intersectionRect: { height: height * ratio },
      rootBounds: { height: 800 },
    } as unknown as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

const observer = () => FakeObserver.current!;

function block(id: string): HTMLElement {
  const element = document.createElement('div');
  element.setAttribute('data-block-id', id);
  element.innerHTML = '<h2>Heading</h2><p>Words</p><a href="/earn">Earn more</a><button type="button">Join</button>';
  document.body.append(element);
  return element;
}

const recorded = () => takeBlockImpressions().map((r) => `${String(r.event)} ${String(r.blockId)}`);

let cleanups: Array<() => void> = [];
const watch = (element: Element, id: string) => cleanups.push(watchBlock(element, id));

beforeAll(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  vi.useFakeTimers();
  startPageView();
  takeBlockImpressions();
});
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  document.body.innerHTML = '';
  vi.useRealTimers();
  resetCsrfForTests();
});

describe('block views', () => {
  it('counts a block half in view for a second, not one seen less or for less time', () => {
    const hero = block('hero');
    const steps = block('steps');
    const footerish = block('footerish');
    watch(hero, 'hero');
    watch(steps, 'steps');
    watch(footerish, 'footerish');
    observer().show(hero, 0.5);
    observer().show(steps, 0.4);
    observer().show(footerish, 1);
    vi.advanceTimersByTime(SEEN_MS - 100);
    observer().show(footerish, 0);
    vi.advanceTimersByTime(200);
    expect(recorded()).toEqual([`${BLOCK_VIEW} hero`]);
    vi.advanceTimersByTime(5 * SEEN_MS);
    expect(recorded()).toEqual([]);
  });

  it('counts a block taller than the screen when it fills half of the screen', () => {
    const results = block('results');
    watch(results, 'results');
    // 3,000 px tall: a third of it fills the 800 px viewport.
    observer().show(results, 0.3, 3000);
    vi.advanceTimersByTime(SEEN_MS);
    expect(recorded()).toEqual([`${BLOCK_VIEW} results`]);
  });

  it('counts a block once per page view, and again in the next page view', () => {
    const hero = block('hero');
    watch(hero, 'hero');
    observer().show(hero, 1);
    vi.advanceTimersByTime(SEEN_MS);
    observer().show(hero, 0);
    observer().show(hero, 1);
    vi.advanceTimersByTime(3 * SEEN_MS);
    expect(recorded()).toEqual([`${BLOCK_VIEW} hero`]);
    // A navigation: the block is still in view and counts again after its second.
    startPageView();
    vi.advanceTimersByTime(SEEN_MS - 1);
    expect(recorded()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(recorded()).toEqual([`${BLOCK_VIEW} hero`]);
  });

  it('stops counting a block that left the page', () => {
    const hero = block('hero');
    const stop = watchBlock(hero, 'hero');
    observer().show(hero, 1);
    stop();
    vi.advanceTimersByTime(SEEN_MS * 2);
    expect(recorded()).toEqual([]);
  });
});

describe('block clicks', () => {
  it('counts clicks on links and buttons inside the block, not on its text', () => {
    const hero = block('hero');
    watch(hero, 'hero');
    hero.querySelector('h2')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    hero.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    hero.querySelector('a')!.addEventListener('click', (e) => e.preventDefault());
    hero.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(recorded()).toEqual([`${BLOCK_CLICK} hero`, `${BLOCK_CLICK} hero`]);
  });
});

describe('sending', () => {
  it('sends the records of several blocks in one post, FLUSH_MS after the first', async () => {
    await startCsrf({ fetchToken: async () => 'tok-1', storage: null });
    const api = fakeFetch({ 'POST /api/Impressions': { status: 202, body: { accepted: 3 } } });
    vi.stubGlobal('fetch', api.fetch);
    for (const id of ['a', 'b', 'c']) {
      const element = block(id);
      watch(element, id);
      observer().show(element, 1);
    }
    vi.advanceTimersByTime(SEEN_MS);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(api.calls).toHaveLength(1);
    const records = api.calls[0]!.body as Array<Record<string, unknown>>;
    expect(records.map((r) => [r.event, r.blockId, r.path, r.channel])).toEqual([
      [BLOCK_VIEW, 'a', '/', 'web'],
      [BLOCK_VIEW, 'b', '/', 'web'],
      [BLOCK_VIEW, 'c', '/', 'web'],
    ]);
    // Nothing queued: nothing sent.
    await flushBlockImpressions();
    expect(api.calls).toHaveLength(1);
  });
});
