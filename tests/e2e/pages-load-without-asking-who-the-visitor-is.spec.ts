// What loading a page costs a visitor: the member arrives inlined in the page, so nobody
// asks GET /api/Member on start (no 401 in the console for anonymous visitors, no wait for members);
// the browser's location permission is never requested on load; the banner image at the top of the
// home page is fetched eagerly and first; scripts and the page arrive compressed.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { quietNotices, signIn, url } from './frame-helpers.ts';

const PARTNERS = ['skyline', 'harbor', 'greenleaf', 'metro', 'openplate'];
/** partners/<id>/partner.json hasDiscoverPage. */
const HAS_DISCOVER = new Set(['skyline', 'harbor', 'greenleaf', 'openplate']);

/** Counts calls that would show the browser's location prompt, and collects console errors and member calls. */
async function watchPage(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __locationAsks: number };
    w.__locationAsks = 0;
    const geo = navigator.geolocation;
    const count =
      <A extends unknown[], R>(fn: (...args: A) => R) =>
      (...args: A): R => {
        w.__locationAsks++;
        return fn.apply(geo, args);
      };
    geo.getCurrentPosition = count(geo.getCurrentPosition);
    geo.watchPosition = count(geo.watchPosition);
  });
  const errors: string[] = [];
  const memberCalls: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A broken CMS block is reported as designed (partners-differ-and-editors-change-pages-without-a-deploy.spec.ts publishes one for a moment).
    if (message.text().includes('[menuboard] block dropped: cms:')) return;
    errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/Member') memberCalls.push(request.method());
  });
  return {
    errors,
    memberCalls,
    locationAsks: () => page.evaluate(() => (window as unknown as { __locationAsks: number }).__locationAsks),
  };
}

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

for (const partner of PARTNERS) {
  test(`${partner}: an anonymous visitor's home and discover pages ask for no member and no location, and log no error`, async ({
    page,
  }) => {
    const watch = await watchPage(page);
    // A partner without a discover page answers /discover as Not Found (tests/server/every-page-address-gets-the-partner-branded-shell.test.ts).
    for (const path of HAS_DISCOVER.has(partner) ? ['/', '/discover'] : ['/']) {
      const response = await page.goto(url(partner, path));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(watch.memberCalls).toEqual([]);
    expect(await watch.locationAsks()).toBe(0);
    expect(watch.errors).toEqual([]);
  });
}

test('a signed-in member sees their own home page without the app asking who they are', async ({ page }) => {
  const watch = await watchPage(page);
  await signIn(page.request, 'skyline', 'card2@skyline.example');
  await page.goto(url('skyline', '/'));
  // The member menu names the member straight from the page.
  await expect(page.getByRole('button', { name: /Liam Chen/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(watch.memberCalls).toEqual([]);
  expect(await watch.locationAsks()).toBe(0);
  expect(watch.errors).toEqual([]);
});

test('a search whose address names a place asks the device nothing until the visitor picks "Current location"', async ({ page }) => {
  const watch = await watchPage(page);
  await page.goto(url('skyline', '/search?location=New%20York'));
  await expect(page.getByRole('region', { name: 'Search results' }).getByRole('article').first()).toContainText('New York');
  await page.waitForLoadState('networkidle');
  expect(await watch.locationAsks()).toBe(0);
  // Headless Chromium refuses: the default stands in, but the device was asked, on the visitor's word.
  await page.getByRole('button', { name: 'Current location' }).click();
  await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('Near Times Square (default)');
  expect(await watch.locationAsks()).toBeGreaterThan(0);
});

test('a visitor who already allowed location gets nearby results without being asked again', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['geolocation'], geolocation: { latitude: 41.8781, longitude: -87.6298 } });
  const page = await context.newPage();
  await quietNotices(page);
  const watch = await watchPage(page);
  await page.goto(url('greenleaf', '/'));
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Read silently (permission granted) or not at all (no block needed it): never an error.
  expect(watch.errors).toEqual([]);
  await context.close();
});

test('the banner image at the top of the home page loads eagerly, first, with its size reserved; the page stays accessible', async ({
  page,
}) => {
  await page.goto(url('harbor', '/'));
  const hero = page.locator('[data-block-type="cms-banner"] img').first();
  await expect(hero).toBeVisible();
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveAttribute('loading', 'eager');
  await expect(hero).toHaveAttribute('width', /\d+/);
  await expect(hero).toHaveAttribute('height', /\d+/);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('scripts arrive compressed and cached for good; the page arrives compressed and revalidated', async ({ page }) => {
  const scripts: Array<{ encoding: string | undefined; cache: string | undefined }> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).pathname.startsWith('/assets/')) {
      const headers = response.headers();
      scripts.push({ encoding: headers['content-encoding'], cache: headers['cache-control'] });
    }
  });
  const response = await page.goto(url('skyline', '/'));
  const headers = response?.headers() ?? {};
  expect(headers['content-encoding']).toMatch(/^(br|gzip)$/);
  // Rendered on the server for every anonymous visitor: shareable for a short while
  // (docs/decisions/2026-11-28-server-rendering.md); a page the browser renders is revalidated each load.
  expect(headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
  expect(headers.etag).toBeTruthy();
  // The sign-in page is rendered in the browser (search and merchant pages are rendered on the server too now).
  const shell = await page.request.get(url('skyline', '/login'), { headers: { accept: 'text/html' } });
  expect(shell.headers()['cache-control']).toBe('no-cache');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script.encoding).toMatch(/^(br|gzip)$/);
    expect(script.cache).toBe('public, max-age=31536000, immutable');
  }
});
