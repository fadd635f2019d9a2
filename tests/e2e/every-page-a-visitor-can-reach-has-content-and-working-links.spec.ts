// The whole site, walked the way a visitor clicks through it: for every demo partner and each kind
// of visitor (anonymous, and a signed-in card member where the partner has enrolment), every page
// reachable from the header, the menu drawer, the footer, the banners, the one-time popups and the
// call-to-action buttons (and from the pages those lead to), plus the routes an e-mail, an order
// button or a survey opens. On every page:
// - it has content: never Not Found (except where Not Found is the point) and never empty;
// - it has exactly one h1, not empty (the page's title for screen readers and the outline);
// - the Content-Security-Policy never gets in the way: not one `securitypolicyviolation` fires in
//   the page or any of its frames (the card frame and captcha from the providers origin included),
//   and the console shows no CSP error (tests/server/pages-carry-a-strict-csp-and-only-asked-frames-are-allowed.test.ts checks the policy);
// - links to other sites use an allowed scheme.
// Same-origin paths are collected, deduplicated and each visited once, so each page loads once for
// all of these checks.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { quietNotices, url, forgetMember } from './frame-helpers.ts';
import { CAPTCHA_FRAME_TITLE, cardFrame, clientAddress } from './auth-helpers.ts';
import { ACCOUNT_PATHS, anonymousPaths, flagsOf, MERCHANT_ID, PARTNERS, signInAs, type PartnerId } from './page-walk.ts';

type Visitor = 'anonymous' | 'cardMember';

/** Where the walk starts: home, the offers and explanation pages, and a VIP-only restaurant (unlock button). */
const START = ['/', '/earn', '/how-it-works', '/merchants/10011'];
/** Enough for every frame, CMS and content link; a runaway crawl fails instead of running for minutes. */
const MAX_PAGES = 60;
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:', 'sms:']);

// Long walks on a shared machine: the limit is generous, nothing here is timed.
// Each walk is independent of the others: they spread over the workers.
test.describe.configure({ timeout: 300_000, mode: 'parallel' });
test.use({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });

// Each walk is a visitor of its own (per-address rate limits such as the impressions limit): a walk
// posts an impressions batch per page, and the walks running beside it must not use up its budget.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

/** Routes no menu links to: what a link in an e-mail, an order button or a survey opens. */
function directPaths(partner: PartnerId, visitor: Visitor): string[] {
  const enrolment = flagsOf(partner).enrollmentType !== 'none';
  return [
    ...(visitor === 'anonymous' ? anonymousPaths(partner) : ['/', ...ACCOUNT_PATHS]),
    `/merchants/${MERCHANT_ID}`,
    `/merchants/${MERCHANT_ID}/Order`,
    '/surveys',
    '/error',
    '/no/such/page',
    ...(enrolment && visitor === 'anonymous' ? [`/activate?public_id=${partner}-known-1`] : []),
  ];
}

/** Paths whose right answer is the Not Found page. */
function notFoundPaths(partner: PartnerId): Set<string> {
  const none = flagsOf(partner).enrollmentType === 'none';
  return new Set(['/no/such/page', '/not_found', ...(none ? ['/join', '/login'] : [])]);
}

function notFoundTitle(partner: PartnerId): string {
  const read = (path: string) =>
    JSON.parse(readFileSync(new URL(`../../partners/${path}`, import.meta.url), 'utf8')) as Record<string, string>;
  return read(`${partner}/copy.json`)['notFound.title'] ?? read('_base/copy.json')['notFound.title'] ?? 'Page not found';
}

/** Collects CSP violations from the page and every frame in it (exposed functions reach all frames). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__mbReportCspViolation', (report: string) => violations.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __mbReportCspViolation?: (r: string) => void }).__mbReportCspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${location.href}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
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
  /** How many h1 elements the document has, and what they say. */
  h1s: string[];
  /** Something on the page is still loading (a spinner, or a region marked busy). */
  loading: boolean;
}

async function stateOf(page: Page): Promise<PageState | null> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return null;
    const heading = main.querySelector('h1')?.textContent?.trim() ?? '';
    const text = main.innerText.replace(heading, '').replace(/\s+/g, ' ').trim();
    const loading =
      document.querySelector('[aria-busy="true"]') !== null ||
      [...document.querySelectorAll('[role="status"]')].some((status) => /loading/i.test(status.textContent ?? ''));
    return { heading, rest: text.length, h1s: [...document.querySelectorAll('h1')].map((h) => h.textContent?.trim() ?? ''), loading };
  });
}

/**
 * Loads a page, lets it settle (its queries and lazy blocks bring content and links), and answers
 * what is wrong with it: nothing, Not Found or empty where it should have content, or not one h1.
 */
async function visit(page: Page, address: string, expectNotFound: boolean, notFound: string, settle = false): Promise<string[]> {
  await page.goto(address, { waitUntil: 'domcontentloaded' });
  const ready = (s: PageState | null) => s !== null && !s.loading && (s.heading === notFound || s.rest >= 20);
  await expect
    .poll(async () => ready(await stateOf(page)), { intervals: [50, 100, 200, 400] })
    .toBe(true)
    // Judged below, with the path in the message.
    .catch(() => undefined);
  // The first pages also show the pop-ups and notices that load after the content.
  if (settle) await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const state = await stateOf(page);
  const path = address.replace(/^https?:\/\/[^/]+/, '');
  if (state === null) return [`${path}: no main content`];
  const problems: string[] = [];
  if (expectNotFound && state.heading !== notFound) problems.push(`${path}: should be Not Found, shows "${state.heading}"`);
  if (!expectNotFound && state.heading === notFound) problems.push(`${path}: Not Found`);
  if (!expectNotFound && state.rest < 20) problems.push(`${path}: empty page ("${state.heading}")`);
  if (state.loading) problems.push(`${path}: still loading after ten seconds`);
  if (state.h1s.length !== 1 || !state.h1s[0]) problems.push(`${path}: ${state.h1s.length} h1 (${state.h1s.join(' | ')})`);
  return problems;
}

const combos = PARTNERS.flatMap((partner) =>
  (flagsOf(partner).enrollmentType === 'none' ? (['anonymous'] as const) : (['anonymous', 'cardMember'] as const)).map(
    (visitor: Visitor) => ({ partner, visitor }),
  ),
);

for (const { partner, visitor } of combos) {
  test(`${partner}, ${visitor}: every page has content and one h1, every link leads somewhere, no CSP violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    const origin = new URL(url(partner)).origin;
    const notFound = notFoundTitle(partner);
    const expectNotFound = notFoundPaths(partner);
    const problems: string[] = [];

    if (visitor === 'cardMember') {
      // A member without a card adds one: the card frame and the captcha load from the providers origin.
      await signInAs(page, partner, 'noncard');
      problems.push(...(await visit(page, url(partner, '/add_card'), false, notFound)));
      await expect(cardFrame(page).getByRole('textbox', { name: /Card number/ })).toBeVisible();
      await expect(page.frameLocator(`iframe[title="${CAPTCHA_FRAME_TITLE}"]`).getByRole('checkbox')).toBeVisible();
      await forgetMember(page);
      await signInAs(page, partner, 'card2');
    }

    const queue: string[] = [];
    const seen = new Set<string>();
    const external = new Set<string>();
    let merchantSeen = false;
    const calendars = new Set<string>();
    /** Queues a same-origin path once; other sites are only checked for their scheme. */
    const consider = (href: string, from: string) => {
      const target = new URL(href, origin);
      if (target.origin !== origin) {
        external.add(`${target.protocol} ${href} (on ${from})`);
        return;
      }
      // A query changes what a page lists, not whether it exists: one visit per path (the
      // activation link keeps its query, which names the member). Signing out would end the walk,
      // and one restaurant from the links stands for all of them.
      const key = target.pathname === '/activate' ? target.pathname + target.search : target.pathname;
      if (/^\/signout$/i.test(key) || seen.has(key)) return;
      // Files (menu images, logos) are not pages; the browser shows them as they are.
      if (/\.(svg|png|jpe?g|webp|gif|pdf)$/i.test(key)) return;
      // A calendar file downloads rather than opens: fetched and checked after the walk.
      if (/\.ics$/i.test(key)) {
        calendars.add(key);
        return;
      }
      if (/^\/merchants\/[^/]+$/.test(key) && from !== 'start') {
        if (merchantSeen) return;
        merchantSeen = true;
      }
      seen.add(key);
      queue.push(key);
    };

    for (const path of [...START, ...directPaths(partner, visitor)]) consider(path, 'start');
    for (let visited = 0; queue.length > 0; visited++) {
      expect(visited, `more than ${MAX_PAGES} pages: ${queue.join(', ')}`).toBeLessThan(MAX_PAGES);
      const path = queue.shift()!;
      problems.push(...(await visit(page, `${origin}${path}`, expectNotFound.has(path), notFound, START.includes(path))));
      // Popups show on the first page of the visit; the menu and unlock dialogs need a click.
      if (START.includes(path)) for (const href of await interactiveHrefs(page)) consider(href, path);
      for (const href of await hrefsOn(page)) consider(href, path);
    }

    for (const path of calendars) {
      const res = await page.request.get(`${origin}${path}`);
      if (res.status() !== 200 || !res.headers()['content-type']?.startsWith('text/calendar')) {
        problems.push(`${path}: the calendar file answered ${res.status()} ${res.headers()['content-type'] ?? ''}`);
      }
    }
    const badSchemes = [...external].filter((entry) => !ALLOWED_SCHEMES.has(entry.split(' ')[0]!));
    expect(problems, `pages of ${partner} (${visitor})`).toEqual([]);
    expect(badSchemes).toEqual([]);
    expect(violations, 'CSP violations').toEqual([]);
    expect(seen.size).toBeGreaterThan(15);
  });
}

test('a partner without enrolment shows /join as Not Found inside the normal frame', async ({ page }) => {
  await quietNotices(page);
  await page.goto(url('openplate', '/join'));
  // openplate's own Not Found copy.
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Nothing on the menu here' })).toBeVisible();
  const banner = page.getByRole('banner');
  // The normal header: the menu button and the main navigation, which enrolment pages leave out.
  await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(banner.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText('Already a member?')).toHaveCount(0);
});
