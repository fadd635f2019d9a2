// The restaurant search page (spec 001 §2 "Search page", §4, §9) on two partners at
// desktop and phone widths: filters change the URL and the results, back restores the previous
// search, the list/map toggle on phones, "Search this area" after moving the map, a blocked
// location shows the blocked copy with results around the default location, unknown places show
// "no results", axe clean. Map tiles come from a local fixture (no network), and without tiles the
// map still shows its markers.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { fulfillJson, NO_SERVICE_WORKER, quietNotices, signIn, signInSso, url, withCms } from './frame-helpers.ts';

// On a loaded shared machine the page's chunk, the map chunk and the search can each take seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const TILE = readFileSync(new URL('./fixtures/map-tile.png', import.meta.url));

test.use(NO_SERVICE_WORKER);

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
  // No survey tab over the page's own floating buttons.
  await withCms(page, { surveys: [] });
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ body: TILE, contentType: 'image/png' }));
});

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const results = (page: Page) => page.getByRole('region', { name: 'Search results' });
const count = (page: Page) =>
  results(page)
    .getByRole('status')
    .filter({ hasText: /restaurant/ });

async function countValue(page: Page): Promise<number> {
  await expect(count(page)).toHaveText(/^\d[\d,]*\+? restaurants?$/);
  return Number((await count(page).textContent())!.replace(/[^\d]/g, ''));
}

/** Turns a filter on: the toolbar on wide screens, the "Filter and sort" dialog on phones. */
async function chooseFilter(page: Page, wide: boolean, name: string, group?: string): Promise<void> {
  if (wide) {
    if (group) await page.locator('summary', { hasText: group }).click();
    await page.getByRole('button', { name, exact: true }).click();
    if (group) await page.keyboard.press('Escape');
    return;
  }
  await page.getByRole('button', { name: 'Filter and sort' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter and sort' });
  await dialog.getByRole('button', { name, exact: true }).click();
  await dialog.getByRole('button', { name: 'Show results' }).click();
  await expect(dialog).toHaveCount(0);
}

for (const partner of ['skyline', 'greenleaf'] as const) {
  for (const width of [1280, 375]) {
    const wide = width >= 861;
    test.describe(`${partner} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('filters change the URL and the results; back restores the previous search; axe clean', async ({ page }) => {
        await page.goto(url(partner, '/search?location=Chicago'));
        await expect(page.getByRole('heading', { level: 1, name: 'Find restaurants' })).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('Chicago');
        const all = await countValue(page);
        expect(all).toBeGreaterThan(15);
        await expect(results(page).getByRole('article')).toHaveCount(15);
        await expectAxeClean(page);

        await chooseFilter(page, wide, 'New');
        await expect(page).toHaveURL(/[?&]isNew=true/);
        await expect(results(page).getByRole('button', { name: 'Remove filter: New' })).toBeVisible();
        await expect.poll(() => countValue(page)).toBeLessThan(all);
        const newOnes = await countValue(page);

        await chooseFilter(page, wide, '$$', 'Price');
        await expect(page).toHaveURL(/priceRange=2/);
        await expect.poll(() => countValue(page)).toBeLessThanOrEqual(newOnes);
        if (wide) await expectAxeClean(page);

        await page.goBack();
        await expect(page).not.toHaveURL(/priceRange/);
        await expect.poll(() => countValue(page)).toBe(newOnes);
        await page.goBack();
        await expect(page).not.toHaveURL(/isNew/);
        await expect.poll(() => countValue(page)).toBe(all);
        await expect(results(page).getByRole('button', { name: /^Remove filter/ })).toHaveCount(0);

        // A removable chip takes its filter away again.
        await page.goForward();
        await results(page).getByRole('button', { name: 'Remove filter: New' }).click();
        await expect(page).not.toHaveURL(/isNew/);
      });

      test('the form searches a typed place on Enter; back shows the previous place; paging moves through the results', async ({
        page,
      }) => {
        await page.goto(url(partner, '/search?location=Chicago&sortBy=name'));
        await expect(results(page).getByRole('article').first()).toContainText('Chicago');
        const where = page.getByRole('textbox', { name: 'Location' });
        await where.fill('San Francisco');
        await where.press('Enter');
        await expect(page).toHaveURL(/location=San\+Francisco/);
        await expect(results(page).getByRole('article').first()).toContainText('San Francisco');
        await expect(
          page
            .getByRole('combobox', { name: 'Sort by' })
            .or(page.getByRole('button', { name: 'Filter and sort' }))
            .first(),
        ).toBeVisible();

        await results(page).getByRole('button', { name: 'Next page' }).click();
        await expect(page).toHaveURL(/pageNo=2/);
        await expect(results(page).getByText(/^Page 2 of \d+$/)).toBeVisible();

        await page.goBack();
        await page.goBack();
        await expect(where).toHaveValue('Chicago');
        await expect(results(page).getByRole('article').first()).toContainText('Chicago');
      });

      test('a carousel\'s "View all" query opens the same search; an unknown place shows no results, not an error', async ({ page }) => {
        await page.goto(url(partner, '/search?priceRange=3,4&sortBy=rating&location=New%20York'));
        await expect(results(page).getByRole('button', { name: 'Remove filter: $$$', exact: true })).toBeVisible();
        await expect(results(page).getByRole('button', { name: 'Remove filter: $$$$', exact: true })).toBeVisible();
        if (wide) await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
        await expect(results(page).getByRole('article').first()).toBeVisible();

        await page.goto(url(partner, '/search?location=Atlantis%2C%20ZZ'));
        await expect(results(page).getByRole('heading', { name: 'No restaurants match your search' })).toBeVisible();
        await expect(page.getByRole('alert')).toHaveCount(0);
        await expectAxeClean(page);
      });

      test('a blocked location shows the blocked copy and restaurants around the default location', async ({ page, context }) => {
        await context.clearPermissions();
        await page.goto(url(partner, '/search?location=Chicago'));
        await expect(results(page).getByRole('article').first()).toContainText('Chicago');
        await page.getByRole('button', { name: 'Current location' }).click();
        await expect(page).not.toHaveURL(/location=/);
        await expect(results(page).getByRole('note')).toContainText('Location access is blocked');
        await expect(results(page).getByRole('article').first()).toContainText('New York');
        expect(await countValue(page)).toBeGreaterThan(0);
        await expectAxeClean(page);
      });

      test('the map shows the results; "Search this area" after moving it searches the visible area', async ({ page }) => {
        await page.goto(url(partner, '/search?location=Chicago'));
        await expect(results(page).getByRole('article').first()).toBeVisible();
        if (!wide) {
          await expect(page.getByRole('region', { name: /^Map of restaurants/ })).toHaveCount(0);
          await page.getByRole('button', { name: 'Show map' }).click();
          await expect(results(page)).toBeHidden();
          await expect(page.getByRole('search')).toBeHidden();
        }
        const map = page.getByRole('region', { name: /^Map of restaurants/ });
        await expect(map).toBeVisible();
        // Markers (single pins or cluster bubbles) sit on the map whatever the tiles do.
        await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
        await expect(page.getByRole('button', { name: 'Search this area' })).toHaveCount(0);

        await map.scrollIntoViewIfNeeded();
        const box = (await map.boundingBox())!;
        const x = box.x + box.width / 2;
        const y = Math.max(box.y, 0) + 150;
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x - 120, y + 60, { steps: 8 });
        await page.mouse.up();
        await page.getByRole('button', { name: 'Search this area' }).click();
        await expect(page).toHaveURL(/location=-?\d+(\.\d+)?%2C-?\d+(\.\d+)?&distance=\d/);
        await expect(page.getByRole('button', { name: 'Search this area' })).toHaveCount(0);
        await expectAxeClean(page);

        if (!wide) {
          await page.getByRole('button', { name: 'Change search' }).click();
          await expect(results(page)).toBeVisible();
          await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('Map area');
          await expect(page.getByRole('button', { name: 'Show map' })).toBeVisible();
        } else {
          await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('Map area');
        }
      });
    });
  }
}

test.describe('current location', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the device is asked first; refused, the default stands in and says so; granted, "Current location" searches around the device', async ({
    page,
    context,
  }) => {
    await page.addInitScript(() => {
      const geolocation = navigator.geolocation;
      const original = geolocation.getCurrentPosition.bind(geolocation);
      sessionStorage.setItem('asked', '0');
      geolocation.getCurrentPosition = (...args: Parameters<Geolocation['getCurrentPosition']>) => {
        sessionStorage.setItem('asked', String(Number(sessionStorage.getItem('asked')) + 1));
        original(...args);
      };
    });
    const asked = () => page.evaluate(() => Number(sessionStorage.getItem('asked')));
    await page.goto(url('skyline', '/search'));
    // No place typed: the device is asked first (spec 000 §4); it refuses, so the server's default
    // location (New York) stands in, labelled as the default, not as the visitor's position.
    await expect(results(page).getByRole('article').first()).toContainText('New York');
    await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('Near Times Square (default)');
    expect(await asked()).toBeGreaterThan(0);

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 41.8837, longitude: -87.6289 });
    await page.getByRole('button', { name: 'Current location' }).click();
    await expect(results(page).getByRole('article').first()).toContainText('Chicago');
    await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('Near you');

    // A shared link naming the current location (encoded twice) reads the granted position.
    await page.goto(url('skyline', '/search?location=Current%2520Location&sortBy=name'));
    await expect(results(page).getByRole('article').first()).toContainText('Chicago');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
  });
});

test.describe('a failing search', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('shows the error copy with a retry that brings the results', async ({ page }) => {
    let failing = true;
    await page.route(/\/api\/v2\/Merchants\/Search/, (route) =>
      failing ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'down' } }) : route.fallback(),
    );
    await page.goto(url('greenleaf', '/search?location=Chicago'));
    await expect(results(page).getByRole('alert')).toContainText('Something went wrong while searching for restaurants.');
    await expectAxeClean(page);
    failing = false;
    await results(page).getByRole('button', { name: 'Try again' }).click();
    await expect(results(page).getByRole('article').first()).toContainText('Chicago');
    await expect(results(page).getByRole('alert')).toHaveCount(0);
  });

  test('a count the server stopped at its cap reads "200+"', async ({ page }) => {
    await page.route(/\/api\/v2\/Merchants\/Search/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await fulfillJson(route, response, { ...body, totalResultSize: 200, totalPages: 14, totalCapped: true });
    });
    await page.goto(url('greenleaf', '/search?location=New%20York'));
    await expect(count(page)).toHaveText('200+ restaurants');
    await expect(results(page).getByText('Page 1 of 14+')).toBeVisible();
  });
});

// A card member's merchant cards carry the partner's colours in text (the earn line, the bonus
// line): the theme's derived text colours (src/shared/theme.ts) must keep them readable on every
// partner. greenleaf's bonus line was its light green accent at 4.13:1 until they existed.
// openplate has no members: its visitors' cards are checked instead.
test.describe('merchant cards of a card member', () => {
  for (const partner of ['skyline', 'harbor', 'greenleaf', 'metro', 'openplate'] as const) {
    test(`${partner}: axe clean at 375 and 1280 px, bonus lines included`, async ({ page }) => {
      if (partner === 'harbor') await signInSso(page, partner, 'card2@harbor.example');
      else if (partner !== 'openplate') await signIn(page.request, partner, `card2@${partner}.example`);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        // Only merchants with a bonus offer, so every card has a bonus line for members.
        await page.goto(url(partner, '/search?location=New%20York&benefitsFor=true'));
        const cards = results(page).locator('[data-merchant-id]');
        await expect(cards.first()).toBeVisible();
        if (partner !== 'openplate') await expect(cards.getByText(/^Earn ([\d,]+ bonus|\dX|double) /).first()).toBeVisible();
        const found = await new AxeBuilder({ page }).withTags(TAGS).include('[data-merchant-id]').analyze();
        expect(
          found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          `${partner} at ${width} px`,
        ).toEqual([]);
      }
    });
  }
});
