// No dead ends (issue 13 part 7): for every demo partner and each kind of visitor (anonymous, and a
// signed-in card member where the partner has enrolment), every link a visitor can reach from the
// header, the menu drawer, the footer, the banners, the one-time popups and the call-to-action
// buttons — and from the pages those lead to — lands on a page with content, never on Not Found
// or an empty page. Same-origin paths are collected, deduplicated and each visited once with
// page.goto; links to other sites only need an allowed scheme.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn, signInSso, url } from './frame-helpers.ts';

type Visitor = 'anonymous' | 'cardMember';

const PARTNERS = ['skyline', 'harbor', 'greenleaf', 'metro', 'openplate'] as const;
type Partner = (typeof PARTNERS)[number];
const ENROLMENT: Record<Partner, 'direct' | 'sso' | 'none'> = {
  skyline: 'direct',
  harbor: 'sso',
  greenleaf: 'direct',
  metro: 'direct',
  openplate: 'none',
};

/** Where the walk starts: home, the offers and explanation pages, and a VIP-only restaurant (unlock button). */
const START = ['/', '/earn', '/how-it-works', '/merchants/10011'];
/** Enough for every frame, CMS and content link; a runaway crawl fails instead of running for minutes. */
const MAX_PAGES = 60;
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:', 'sms:']);

function notFoundTitle(partner: Partner): string {
  const read = (path: string) =>
    JSON.parse(readFileSync(new URL(`../../partners/${path}`, import.meta.url), 'utf8')) as Record<string, string>;
  return read(`${partner}/copy.json`)['notFound.title'] ?? read('_base/copy.json')['notFound.title'] ?? 'Page not found';
}

/** Every link on the page as the browser resolves it (dialog contents and hidden menu panels included). */
async function hrefsOn(page: Page): Promise<string[]> {
  return page.$$eval('a[href]', (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
}

/**
 * Links that only show after an interaction: the one-time popups (collected, then closed one by
 * one, as each close reveals the next), the menu drawer and an unlock-access dialog.
 */
async function interactiveHrefs(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < 4 && (await page.getByRole('dialog').count()) > 0; i++) {
    found.push(...(await hrefsOn(page)));
    await page.keyboard.press('Escape');
  }
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await hrefsOn(page)));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  const unlock = page.getByRole('button', { name: 'Unlock access to earn' }).first();
  if ((await unlock.count()) > 0 && (await unlock.isVisible())) {
    await unlock.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await hrefsOn(page)));
    await page.keyboard.press('Escape');
  }
  return found;
}

interface PageState {
  heading: string;
  /** Visible text of the main region beyond its first heading. */
  rest: number;
  /** A layout page with at least one block rendered. */
  layoutBlocks: number;
}

async function stateOf(page: Page): Promise<PageState | null> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return null;
    const heading = main.querySelector('h1')?.textContent?.trim() ?? '';
    const text = main.innerText.replace(heading, '').replace(/\s+/g, ' ').trim();
    return { heading, rest: text.length, layoutBlocks: main.querySelectorAll('[data-block-type]').length };
  });
}

/**
 * A page is empty when its main region shows nothing beyond a heading. Account pages are being
 * built elsewhere: until then a rendered account layout (its heading block) counts.
 */
function isEmpty(path: string, state: PageState): boolean {
  if (state.rest >= 20) return false;
  return !(path.startsWith('/account/') && state.heading !== '' && state.layoutBlocks > 0);
}

async function signInAs(page: Page, partner: Partner): Promise<void> {
  if (ENROLMENT[partner] === 'sso') await signInSso(page, partner, `card2@${partner}.example`);
  else await signIn(page.request, partner, `card2@${partner}.example`);
}

const combos = PARTNERS.flatMap((partner) =>
  (ENROLMENT[partner] === 'none' ? (['anonymous'] as const) : (['anonymous', 'cardMember'] as const)).map((visitor: Visitor) => ({
    partner,
    visitor,
  })),
);

test.use({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });

for (const { partner, visitor } of combos) {
  test(`${partner}, ${visitor}: every link leads to a page with content`, async ({ page }) => {
    test.setTimeout(180_000);
    if (visitor === 'cardMember') await signInAs(page, partner);
    const origin = new URL(url(partner)).origin;
    const notFound = notFoundTitle(partner);
    const queue: string[] = [];
    const seen = new Set<string>();
    const external = new Set<string>();
    let merchantSeen = false;
    /** Queues a same-origin path once; other sites are only checked for their scheme. */
    const consider = (href: string, from: string) => {
      const target = new URL(href, origin);
      if (target.origin !== origin) {
        external.add(`${target.protocol} ${href} (on ${from})`);
        return;
      }
      // A query changes what a page lists, not whether it exists: one visit per path. Signing out
      // would end the walk, and the start's restaurant stands for all of them.
      const key = target.pathname;
      if (/^\/signout$/i.test(key) || seen.has(key)) return;
      // Files (menu images, logos) are not pages; the browser shows them as they are.
      if (/\.(svg|png|jpe?g|webp|gif|pdf)$/i.test(key)) return;
      if (/^\/merchants\/[^/]+$/.test(key)) {
        if (merchantSeen) return;
        merchantSeen = true;
      }
      seen.add(key);
      queue.push(key);
    };

    for (const path of START) consider(path, 'start');
    const problems: string[] = [];
    for (let visited = 0; queue.length > 0; visited++) {
      expect(visited, `more than ${MAX_PAGES} pages: ${queue.join(', ')}`).toBeLessThan(MAX_PAGES);
      const path = queue.shift()!;
      await page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded' });
      let state: PageState | null = null;
      await expect
        .poll(
          async () => {
            state = await stateOf(page);
            return state !== null && (state.heading === notFound || !isEmpty(new URL(page.url()).pathname, state));
          },
          { intervals: [50, 100, 200, 400] },
        )
        .toBe(true)
        // Judged below, with the path in the message.
        .catch(() => undefined);
      // Links come with the page's queries and lazy blocks (carousels, footer groups): let them
      // arrive before reading the links, or a busy machine would crawl a smaller site.
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      const final = state as PageState | null;
      if (final === null) problems.push(`${path}: no main content`);
      else if (final.heading === notFound) problems.push(`${path}: Not Found`);
      else if (isEmpty(new URL(page.url()).pathname, final)) problems.push(`${path}: empty page ("${final.heading}")`);
      // Popups show on the first page of the visit; the menu and unlock dialogs need a click.
      if (START.includes(path)) for (const href of await interactiveHrefs(page)) consider(href, path);
      for (const href of await hrefsOn(page)) consider(href, path);
    }
    const badSchemes = [...external].filter((entry) => !ALLOWED_SCHEMES.has(entry.split(' ')[0]!));
    expect(problems, `dead ends on ${partner} (${visitor})`).toEqual([]);
    expect(badSchemes).toEqual([]);
    expect(seen.size).toBeGreaterThan(8);
  });
}
