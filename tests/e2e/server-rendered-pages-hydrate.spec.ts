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
const PAGES = ['/', '/earn', '/earn/how-it-works', '/how-it-works', '/terms', SEARCH, `/merchants/${MERCHANT.id}`];

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
 * server answered in it: CMS groups, the member, and on search and merchant pages the merchants (a
 * home page's carousel asks for the merchants near the visitor, which the server cannot know).
 */
function watch(page: Page) {
  const warnings: string[] = [];
  const dataRequests: string[] = [];
  const onPageWithMerchants = () => /\/(search|merchants\/)/.test(new URL(page.url()).pathname);
  page.on('console', (message) => {
    if (!['error', 'warning'].includes(message.type())) return;
    if (/hydrat|did not match|didn't match/i.test(message.text())) warnings.push(message.text());
  });
  page.on('pageerror', (error) => warnings.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    const merchants = path.startsWith('/api/v2/Merchants') && onPageWithMerchants();
    if (path.startsWith('/api/cms/') || merchants || path === '/api/bootstrap' || path === '/api/Member') dataRequests.push(path);
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
    const context = await browser.newContext(NO_SERVICE_WORKER);
    const page = await context.newPage();
    const seen = watch(page);
    for (const path of PAGES) {
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

/** Two direct-enrolment partners' seeded card members (their pages are rendered for them). */
const MEMBERS: Record<string, string> = { skyline: 'card0@skyline.example', metro: 'card0@metro.example' };

for (const [partner, email] of Object.entries(MEMBERS)) {
  test(`${partner}: a signed-in member's pages arrive rendered for them, hydrate without a mismatch and ask for nothing they hold`, async ({
    browser,
  }) => {
    const context = await browser.newContext(NO_SERVICE_WORKER);
    await quietNotices(context);
    await signIn(context.request, partner, email);
    const page = await context.newPage();
    const seen = watch(page);
    for (const path of ['/', '/earn', SEARCH, `/merchants/${MERCHANT.id}`]) {
      const response = await page.goto(url(partner, path));
      expect(response?.headers()['cache-control'], path).toBe('private, no-store');
      expect(await response?.text(), path).toContain('data-server-rendered');
      await hydrated(page);
      // The header's member menu is there from the first paint (it names the member by initials).
      await expect(
        page
          .getByRole('banner')
          .getByRole('button', { name: /account|menu|[A-Z]{2}/i })
          .first(),
        path,
      ).toBeVisible();
    }
    expect(seen.warnings).toEqual([]);
    expect(seen.dataRequests).toEqual([]);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await context.close();
  });
}

// A banner part with phone and desktop words (greenleaf's hero for visitors): the server cannot know the
// width, so the page carries both and the viewport shows one. Read without JavaScript, and after
// hydration, which must not swap the words the visitor is reading.
const HERO = { phone: /^Eat out, get /, desktop: /every time you eat out$/ };
for (const [width, shown, hidden] of [
  [375, HERO.phone, HERO.desktop],
  [1280, HERO.desktop, HERO.phone],
] as const) {
  test(`greenleaf at ${width} px: the hero's heading has that width's words as served and once hydrated`, async ({ browser }) => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 800 }, ...NO_SERVICE_WORKER });
      await quietNotices(context);
      const page = await context.newPage();
      const seen = watch(page);
      await page.goto(url('greenleaf', '/'));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: shown })).toBeVisible();
      await expect(main.getByRole('heading', { name: hidden })).toBeHidden();
      if (javaScriptEnabled) {
        await hydrated(page);
        await expect(main.getByRole('heading', { name: shown })).toBeVisible();
        await expect(main.getByRole('heading', { name: hidden })).toBeHidden();
        expect(seen.warnings).toEqual([]);
      }
      await context.close();
    }
  });
}
