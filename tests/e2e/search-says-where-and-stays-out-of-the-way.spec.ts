// The search page tells the truth about where it searches and does not fight the visitor, on
// skyline and harbor: the device is asked first and the results are labelled "Near you" or "Near
// Times Square (default)" (a typed place always wins); at 1280 px the map stays below the sticky
// header however far the results scroll; on a phone the map's restaurant card closes (its button or
// a tap on the map), is not reopened by the next visit, and sits clear of "Change search" and the
// map attribution; the survey stays off task pages; "no results" advice names the likely cause.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { quietNotices, url } from './frame-helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const field = (page: Page) => page.getByRole('textbox', { name: 'Location' });
const map = (page: Page) => page.getByRole('region', { name: /^Map of restaurants/ });

async function expectAxeClean(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  const found = await (include ? builder.include(include) : builder).analyze();
  expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

for (const partner of ['skyline', 'harbor']) {
  for (const width of [1280, 375]) {
    test.describe(`${partner} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('the location is labelled for what it is, and a typed place always wins', async ({ page }) => {
        await page.goto(url(partner, '/search'));
        await expect(field(page)).toHaveValue('Near Times Square (default)');
        await expect(page.getByRole('article').first()).toContainText('New York');
        await expectAxeClean(page);
        if (partner === 'skyline') await page.screenshot({ path: `docs/screenshots/search-default-location-${width}.png` });
        await field(page).fill('Chicago');
        await field(page).press('Enter');
        await expect(page.getByRole('article').first()).toContainText('Chicago');
        await expect(field(page)).toHaveValue('Chicago');
      });

      test('a visitor whose device answers sees "Near you" and restaurants around them', async ({ page, context }) => {
        await context.grantPermissions(['geolocation']);
        await context.setGeolocation({ latitude: 41.8837, longitude: -87.6289 });
        await page.goto(url(partner, '/search'));
        await expect(field(page)).toHaveValue('Near you');
        await expect(page.getByRole('article').first()).toContainText('Chicago');
      });

      test('the survey stays off the search and restaurant pages', async ({ page }) => {
        // Not quieted: a first-time visitor. skyline's survey is the seeded one.
        await page.goto(url(partner, '/search?location=Chicago'));
        await expect(page.getByRole('article').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('region', { name: 'Survey' })).toHaveCount(0);
        await page.goto(url(partner, '/merchants/10003'));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('region', { name: 'Survey' })).toHaveCount(0);
      });

      test('no results: the advice names the restaurant or cuisine text when that is the cause', async ({ page }) => {
        await page.goto(url(partner, '/search?location=Chicago&restaurantOrCuisine=zzqxv'));
        await expect(page.getByText('No restaurants match your search')).toBeVisible();
        await expect(
          page.getByText('No restaurant or cuisine here matches "zzqxv". Check the spelling, or try another name.'),
        ).toBeVisible();
        await expect(page.getByText(/Try another city/)).toHaveCount(0);
        await page.getByRole('button', { name: 'Show all restaurants here' }).click();
        await expect(page.getByRole('article').first()).toContainText('Chicago');
        await page.goto(url(partner, '/search?location=Atlantis'));
        await expect(page.getByText('Try another city, state or ZIP code, or search a wider area.')).toBeVisible();
      });
    });
  }
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const partner of ['skyline', 'harbor']) {
    test(`${partner}: once the results are scrolled, the map and its controls stay below the sticky header`, async ({ page }) => {
      await page.goto(url(partner, '/search?location=Chicago'));
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(map(page).locator('.leaflet-marker-icon').first()).toBeVisible();
      for (const y of [400, 1200]) {
        await page.mouse.wheel(0, y);
        await page.waitForTimeout(300);
        const header = (await page.getByRole('banner').boundingBox())!;
        const zoom = (await page.getByRole('button', { name: 'Zoom in' }).boundingBox())!;
        const mapBox = (await map(page).boundingBox())!;
        expect(zoom.y).toBeGreaterThanOrEqual(header.y + header.height);
        expect(mapBox.y).toBeGreaterThanOrEqual(header.y + header.height);
      }
      // Moved, the map offers "Search this area": that button stays below the header too.
      const mapBox = (await map(page).boundingBox())!;
      await page.mouse.move(mapBox.x + mapBox.width / 2, mapBox.y + mapBox.height / 2);
      await page.mouse.down();
      await page.mouse.move(mapBox.x + mapBox.width / 2 - 120, mapBox.y + mapBox.height / 2 + 60, { steps: 8 });
      await page.mouse.up();
      const searchArea = page.getByRole('button', { name: 'Search this area' });
      await expect(searchArea).toBeVisible();
      // Where it appeared (the results scrolled), and after scrolling back part of the way.
      for (const y of [0, -600]) {
        await page.mouse.wheel(0, y);
        await page.waitForTimeout(300);
        const header = (await page.getByRole('banner').boundingBox())!;
        expect((await searchArea.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
        await expect(searchArea).toBeInViewport({ ratio: 1 });
      }
    });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  for (const partner of ['skyline', 'harbor']) {
    test(`${partner}: the map's restaurant card closes, stays closed on the next visit, and clears "Change search" and the attribution`, async ({
      page,
    }) => {
      await page.goto(url(partner, '/search?location=Chicago'));
      await expect(page.getByRole('article').first()).toBeVisible();
      await page.getByRole('button', { name: 'Show map' }).click();
      await expect(map(page)).toBeVisible();
      // Zoomed in until a single pin (not a cluster) shows, then tapped.
      const pin = map(page).locator('.leaflet-marker-icon:not([class*="cluster"])').first();
      for (let i = 0; i < 6 && !(await pin.isVisible()); i++) {
        await page.getByRole('button', { name: 'Zoom in' }).click();
        await page.waitForTimeout(350);
      }
      await pin.click();
      const card = page.locator('[class*="mapCard"]');
      await expect(card.getByRole('article')).toBeVisible();
      const toggle = (await page.getByRole('button', { name: 'Change search' }).boundingBox())!;
      const cardBox = (await card.boundingBox())!;
      expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(toggle.y);
      const attribution = (await page.locator('.leaflet-control-attribution').boundingBox())!;
      expect(attribution.y + attribution.height).toBeLessThanOrEqual(toggle.y);
      // The zoom clicks may have scrolled the page: the pictures show the map as a visitor first sees it.
      await page.evaluate(() => window.scrollTo(0, 0));
      if (partner === 'skyline') await page.screenshot({ path: 'docs/screenshots/phone-map-card-open-375.png' });
      // The map and its card (the page around it is checked by the tests above; here the header may
      // be sliding away after the zoom clicks scrolled the page).
      await expectAxeClean(page, '[class*="mapFull"]');

      await card.getByRole('button', { name: /^Close / }).click();
      await expect(card).toHaveCount(0);
      if (partner === 'skyline') await page.screenshot({ path: 'docs/screenshots/phone-map-card-closed-375.png' });
      // A tap on the map closes it too.
      await pin.click();
      await expect(card.getByRole('article')).toBeVisible();
      // The top right corner: no control there, and the fitted markers keep off the edges.
      const box = (await map(page).boundingBox())!;
      await map(page).click({ position: { x: box.width - 24, y: 24 } });
      await expect(card).toHaveCount(0);

      // The next visit does not open it again.
      await pin.click();
      await expect(card.getByRole('article')).toBeVisible();
      await page.reload();
      await page.getByRole('button', { name: 'Show map' }).click();
      await expect(map(page).locator('.leaflet-marker-icon').first()).toBeVisible();
      await expect(card).toHaveCount(0);
    });
  }
});
