// `npm run bench -- --only=editor-big-page`: the page editor on a 6-block and a
// 200-block page, both in the same run, in headless Chromium (/usr/bin/chromium) against the built app.
//
// harbor's discover layout is the 6-block page as seeded; its home layout gets a draft of 200 blocks
// (the discover page's six repeated, so the same kinds of blocks). For each page:
// - open: from navigation to the outline listing every block (performance.now() in the page,
//   which counts from the navigation's start); the median of 3 opens, each from a blank page, so the
//   previous open's page (its preview frame may still be drawing a 200-block member page) is not
//   torn down inside the timed navigation;
// - keystroke: a real key press in a selected carousel's "Heading" field, the median of 30 presses,
//   measured two ways: its work, the main thread's CPU time from the key's task to the end of the
//   first frame drawn after it (from a Chromium trace, main-thread-work.ts: the key's events, the
//   editor's render, then style, layout, paint and layering, the same-process preview's share
//   included), which the 16 ms budget is for (a keystroke's work fits in one frame); and its
//   latency, from its keydown to the next frame after it (a requestAnimationFrame, then a task: the
//   frame is painted by then), which adds the wait for the screen's next refresh (0 to 16.7 ms);
// - move: dropping a block one place lower with the keyboard (Space, Down, Space on its handle),
//   from the dropping Space's keydown to the next frame; the median of 5 moves.
// Budgets (the issue's): open <= 1000 ms, keystroke <= 16 ms and move <= 100 ms at 200 blocks, and the
// 200/6 ratio of the keystroke and the move at most 2 (flat in the number of blocks).
import { chromium, type Page } from 'playwright-core';
import { KEY_TRACE_CATEGORIES, keyWork } from './main-thread-work.ts';
import { startServer } from './production-server.ts';
import type { Row } from './row.ts';

const PARTNER = 'harbor';
const BIG = 200;
const KEYSTROKES = 30;
const MOVES = 5;
const OPENS = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** In the page: the time from the next keydown to the frame after it, pushed to window.__frames. */
const INSTALL_TIMER = () => {
  const w = window as unknown as { __frames: number[]; __timerInstalled?: boolean };
  w.__frames = [];
  if (w.__timerInstalled) return;
  w.__timerInstalled = true;
  document.addEventListener(
    'keydown',
    () => {
      const start = performance.now();
      requestAnimationFrame(() => setTimeout(() => w.__frames.push(performance.now() - start), 0));
    },
    true,
  );
};

const frames = (page: Page) => page.evaluate(() => (window as unknown as { __frames: number[] }).__frames.slice());

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/editor`);
  await page.getByLabel('Email').fill(`editor@${PARTNER}.example`);
  await page.getByLabel('Password').fill(`editor-${PARTNER}-2026`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** A draft of harbor's home layout with `count` blocks: the discover layout's blocks, repeated. */
async function makeBigDraft(page: Page, count: number): Promise<void> {
  const status = await page.evaluate(async (n) => {
    const csrf = ((await (await fetch('/api/CSRF')).json()) as { csrfToken: string }).csrfToken;
    const read = async (group: string) =>
      (await (await fetch(`/api/cms/editor/entries/${group}/page-layout`)).json()) as {
        revision: number;
        draft: Record<string, unknown> | null;
        published: Record<string, unknown> | null;
      };
    const discover = await read('discover');
    const source = (discover.draft ?? discover.published) as { blocks: Record<string, unknown>; order: string[] };
    const home = await read('home');
    const base = (home.draft ?? home.published) as Record<string, unknown>;
    const blocks: Record<string, unknown> = {};
    const order: string[] = [];
    for (let i = 0; order.length < n; i++) {
      for (const id of source.order) {
        if (order.length >= n) break;
        const copy = `${id}-${i}`;
        blocks[copy] = source.blocks[id];
        order.push(copy);
      }
    }
    const res = await fetch('/api/cms/editor/entries/home/page-layout', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf },
      body: JSON.stringify({ fields: { ...base, blocks, order }, base_revision: home.revision }),
    });
    return res.status;
  }, count);
  if (status !== 200) throw new Error(`saving the ${count}-block draft answered ${status}`);
}

interface Measured {
  blocks: number;
  open: number;
  keystroke: number;
  keystrokeWork: number;
  move: number;
}

async function measurePage(page: Page, base: string, group: 'home' | 'discover'): Promise<Measured> {
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  const opens: number[] = [];
  let blocks = 0;
  for (let i = 0; i < OPENS; i++) {
    await page.goto('about:blank');
    await page.goto(`${base}/editor/content/${group}/page-layout`);
    await outline.waitFor();
    blocks = await page.evaluate(() => Number(document.querySelector('ol[aria-label="Blocks on this page"]')?.children.length ?? 0));
    await page.waitForFunction(
      (n) => document.querySelectorAll('ol[aria-label="Blocks on this page"] li[data-block-id]').length >= n,
      blocks,
      { polling: 'raf' },
    );
    opens.push(await page.evaluate(() => performance.now()));
  }

  // A carousel ("Restaurant row"): select it, type in its heading. Found by kind, not by place: the
  // moves below reorder the page, and the warm-up's moves are still in the draft the next measure opens.
  const carousel = outline
    .locator('li[data-block-id]')
    .filter({ has: page.getByRole('button', { name: /^Restaurant row/, pressed: false }) })
    .first();
  await carousel.getByRole('button', { name: /^Restaurant row/ }).click();
  const heading = page
    .getByRole('main')
    .getByLabel(/^Heading/)
    .first();
  await heading.waitFor();
  await heading.click();
  await heading.press('End');
  // The preview has loaded its page (carousels, images) by now: only the editor's own work is timed.
  await page.waitForTimeout(3000);
  await page.evaluate(INSTALL_TIMER);
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser to trace');
  await browser.startTracing(page, { categories: KEY_TRACE_CATEGORIES });
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.press(i % 2 ? 'a' : 'e');
    // Each press settles before the next, as a typist's do at 60 words a minute.
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(100);
  const work = keyWork(await browser.stopTracing());
  if (work.length < KEYSTROKES) throw new Error(`the trace held ${work.length} of ${KEYSTROKES} key presses`);
  const keystrokes = (await frames(page)).slice(-KEYSTROKES);

  // Moves with the keyboard: pick up the first block's handle, one down, drop; timed from the drop.
  const moves: number[] = [];
  for (let i = 0; i < MOVES; i++) {
    const handle = outline.locator('li[data-block-id]').first().getByRole('button').first();
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(250);
    await page.evaluate(INSTALL_TIMER);
    await page.keyboard.press('Space');
    // The preview redraws the moved page after it: let it finish before the next move.
    await page.waitForTimeout(2000);
    const timed = await frames(page);
    if (timed[0] !== undefined) moves.push(timed[0]);
  }
  return { blocks, open: median(opens), keystroke: median(keystrokes), keystrokeWork: median(work), move: median(moves) };
}

export async function benchEditorBigPage(): Promise<Row[]> {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // tsx keeps function names with a `__name` helper, which the functions sent to page.evaluate
    // bring along: the page gets a stand-in.
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    const base = `http://${PARTNER}.localhost:${server.port}`;
    await signIn(page, base);
    await makeBigDraft(page, BIG);
    // Warm the editor's chunks and validators once, so neither page pays the first load alone.
    await measurePage(page, base, 'discover');
    const small = await measurePage(page, base, 'discover');
    const big = await measurePage(page, base, 'home');
    if (big.blocks !== BIG) throw new Error(`the big page opened with ${big.blocks} blocks, not ${BIG}`);
    const ms = (n: number) => n.toFixed(1);
    const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);
    const keyRatio = ratio(big.keystrokeWork, small.keystrokeWork);
    const moveRatio = ratio(big.move, small.move);
    console.log(
      `  editor-big-page: ${small.blocks} blocks open ${ms(small.open)} ms, key work ${ms(small.keystrokeWork)} ms (to frame ${ms(small.keystroke)}), move ${ms(small.move)} ms; ` +
        `${big.blocks} blocks open ${ms(big.open)} ms, key work ${ms(big.keystrokeWork)} ms (to frame ${ms(big.keystroke)}), move ${ms(big.move)} ms`,
    );
    return [
      { measure: `editor open, ${small.blocks} blocks (ms)`, value: ms(small.open), budget: '-', pass: null, note: `median of ${OPENS}` },
      {
        measure: `editor open, ${big.blocks} blocks (ms)`,
        value: ms(big.open),
        budget: '<= 1000',
        pass: big.open <= 1000,
        note: `median of ${OPENS}`,
      },
      {
        measure: `editor keystroke work, ${small.blocks} blocks (ms)`,
        value: ms(small.keystrokeWork),
        budget: '-',
        pass: null,
        note: `main-thread CPU, median of ${KEYSTROKES}`,
      },
      {
        measure: `editor keystroke work, ${big.blocks} blocks (ms)`,
        value: ms(big.keystrokeWork),
        budget: '<= 16',
        pass: big.keystrokeWork <= 16,
        note: 'main-thread CPU',
      },
      {
        measure: `editor keystroke work ${big.blocks}/${small.blocks} blocks`,
        value: keyRatio.toFixed(2),
        budget: '<= 2',
        pass: keyRatio <= 2,
      },
      { measure: `editor keystroke to painted frame, ${small.blocks} blocks (ms)`, value: ms(small.keystroke), budget: '-', pass: null },
      {
        measure: `editor keystroke to painted frame, ${big.blocks} blocks (ms)`,
        value: ms(big.keystroke),
        budget: '-',
        pass: null,
        note: 'adds the wait for the next refresh',
      },
      { measure: `editor move, ${small.blocks} blocks (ms)`, value: ms(small.move), budget: '-', pass: null, note: `median of ${MOVES}` },
      { measure: `editor move, ${big.blocks} blocks (ms)`, value: ms(big.move), budget: '<= 100', pass: big.move <= 100 },
      { measure: `editor move ${big.blocks}/${small.blocks} blocks`, value: moveRatio.toFixed(2), budget: '<= 2', pass: moveRatio <= 2 },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
