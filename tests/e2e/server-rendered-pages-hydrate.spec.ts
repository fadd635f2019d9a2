// Server rendering (docs/decisions/2026-11-28-server-rendering.md): an anonymous visitor's home,
// earn, how-it-works, legal, search and merchant pages arrive rendered, so they read and link without JavaScript; with
// it, the browser hydrates them (React reports no mismatch) and asks nothing the page already holds.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, quietNotices, signIn, url } from './frame-helpers.ts';

/** Two partners with different enrolment, home kinds (skyline's home is its discover page) and themes. */
const HOME_TEXT: Record<string, { heading: string; link: string }> = {
  harbor: { heading: 'Three steps to dining rewards', link: 'Explore restaurants near you' },
  skyline: { heading: 'Top rated near you', link: 'See every SkyDining restaurant' },
};
const MERCHANT = { id: '10006', name: 'Cartagena Kitchen' };
const SEARCH = '/search?location=New%20York';
/** Every page kind a visitor may load, as addresses (the account tabs are for members only). */
const PAGE_KINDS = [
  '/',
  '/earn',
  '/earn/how-it-works',
  '/how-it-works',
  '/terms',
  SEARCH,
  `/merchants/${MERCHANT.id}`,
  '/login',
  '/join',
  '/no/such/page',
];
const ACCOUNT_TABS = ['/account/overview', '/account/recent_activity', '/account/manage_cards', '/account/user_profile'];

test.describe('without JavaScript', () => {
  for (const [partner, text] of Object.entries(HOME_TEXT)) {
    test(`${partner}: the home page shows its content, and its links lead to pages that show theirs`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, ...NO_SERVICE_WORKER });
      const page = await context.newPage();
      await page.goto(url(partner, '/'));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: text.heading })).toBeVisible();
      await expect(main.getByRole('link', { name: text.link })).toHaveAttribute('href', '/search');
      // The header and footer are there too, with real addresses.
      await page.getByRole('contentinfo').getByRole('link', { name: /terms/i }).first().click();
      await expect(page).toHaveURL(url(partner, '/terms'));
      await expect(page.getByRole('heading', { level: 1, name: /terms/i })).toBeVisible();
      await page.goto(url(partner, '/earn'));
      await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
      await context.close();
    });

    test(`${partner}: search results show restaurants whose links open their pages, which show the merchant`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, ...NO_SERVICE_WORKER });
      const page = await context.newPage();
      await page.goto(url(partner, SEARCH));
      const results = page.getByRole('region', { name: 'Search results' });
      await expect(results.getByRole('status').first()).toHaveText(/^[\d,]+\+? restaurants$/);
      const first = results.getByRole('heading', { level: 2 }).first();
      const name = (await first.textContent())?.trim() ?? '';
      expect(name).not.toBe('');
      await results.getByRole('link', { name }).first().click();
      await expect(page).toHaveURL(/\/merchants\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      // A merchant page on its own: its name, its reviews, and a way back to search.
      await page.goto(url(partner, `/merchants/${MERCHANT.id}`));
      await expect(page.getByRole('heading', { level: 1, name: MERCHANT.name })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
      await page
        .getByRole('banner')
        .getByRole('link', { name: /search|find|restaurants/i })
        .first()
        .click();
      await expect(page).toHaveURL(/\/search/);
      await context.close();
    });
  }
});

/**
 * Hydration warnings and page errors, and the data requests made after the page arrived that the
 * server answered in it: CMS groups, the member, on search and merchant pages the merchants (a home
 * page's carousel asks for the merchants near the visitor, which the server cannot know), and on the
 * account tabs the member's account reads.
 */
function watch(page: Page) {
  const warnings: string[] = [];
  const dataRequests: string[] = [];
  const onPageWithMerchants = () => /\/(search|merchants\/)/.test(new URL(page.url()).pathname);
  page.on('console', (message) => {
    if (!['error', 'warning'].includes(message.type())) return;
    if (/hydrat|did not match|didn't match|#418|#423|#425/i.test(message.text())) warnings.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => warnings.push(`${page.url()}: page error: ${error.message}`));
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    const merchants = path.startsWith('/api/v2/Merchants') && onPageWithMerchants();
    const account =
      request.method() === 'GET' &&
      (path.startsWith('/api/Member/') ||
        path === '/api/reviews/status' ||
        path === '/api/Reservations' ||
        path === '/api/Cards/AllPartnerCards');
    if (path.startsWith('/api/cms/') || merchants || account || path === '/api/bootstrap' || path === '/api/Member')
      dataRequests.push(path);
  });
  return { warnings, dataRequests };
}

/** Hydrated: React has taken #root over (the header's menu button then works). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  await page.waitForLoadState('networkidle');
}

for (const partner of Object.keys(HOME_TEXT)) {
  test(`${partner}: every server-rendered page hydrates without a mismatch and asks for no data it holds`, async ({ browser }) => {
    test.slow();
    const context = await browser.newContext(NO_SERVICE_WORKER);
    const page = await context.newPage();
    const seen = watch(page);
    for (const path of PAGE_KINDS) {
      const response = await page.goto(url(partner, path));
      expect(await response?.text(), path).toContain('data-server-rendered');
      await hydrated(page);
      await expect(page.getByRole('main'), path).toBeVisible();
    }
    expect(seen.warnings).toEqual([]);
    expect(seen.dataRequests).toEqual([]);
    // The hydrated page works: client-side navigation from the footer, and it is accessible.
    await page.goto(url(partner, '/'));
    await hydrated(page);
    for (const path of ['/', SEARCH, `/merchants/${MERCHANT.id}`]) {
      await page.goto(url(partner, path));
      await hydrated(page);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((violation) => `${path}: ${violation.id}`)).toEqual([]);
    }
    await context.close();
  });
}

/** Member states of the two direct-enrolment partners' seeded members (src/server/seed/members.ts). */
const MEMBER_STATES = { card: 'card0', 'no card': 'noncard', 'closed account': 'closed' } as const;
const MEMBER_PARTNERS = ['skyline', 'metro'];

for (const partner of MEMBER_PARTNERS) {
  for (const [state, key] of Object.entries(MEMBER_STATES)) {
    test(`${partner}, ${state} member: every page kind and account tab arrives rendered for them, private, hydrates without a mismatch and asks for nothing it holds`, async ({
      browser,
    }) => {
      // Fourteen pages, each loaded and hydrated: three times the usual time.
      test.slow();
      // Known failing, left visible (docs/decisions/2026-11-28-server-rendering.md, "Third slice"):
      // metro's card member's account reads were asked again after hydration at load 25 (the 1 s
      // render budget ran out before the second render), and its closed-account member's frame asks
      // /api/Cards/AllPartnerCards on every page, which the server does not answer for them.
      test.fixme(partner === 'metro' && key !== 'noncard', 'metro card and closed-account members: reads asked again after hydration');
      // One sign-in per member state, its cookies reused by the browsing context.
      const signingIn = await browser.newContext(NO_SERVICE_WORKER);
      await signIn(signingIn.request, partner, `${key}@${partner}.example`);
      const storageState = await signingIn.storageState();
      await signingIn.close();
      const context = await browser.newContext({ ...NO_SERVICE_WORKER, storageState });
      await quietNotices(context);
      const page = await context.newPage();
      const seen = watch(page);
      for (const path of [...PAGE_KINDS, ...ACCOUNT_TABS]) {
        const response = await page.goto(url(partner, path));
        expect(response?.headers()['cache-control'], path).toBe('private, no-store');
        expect(await response?.text(), path).toContain('data-server-rendered');
        await hydrated(page);
        await expect(page.getByRole('main'), path).toBeVisible();
      }
      expect(seen.warnings).toEqual([]);
      expect(seen.dataRequests).toEqual([]);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((violation) => violation.id)).toEqual([]);
      await context.close();
    });
  }
}
