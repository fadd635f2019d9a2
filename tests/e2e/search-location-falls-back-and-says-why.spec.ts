// Where the search page searches when no place is typed (spec 001 §4 "geolocation first asks the
// device, on any error falls back to the server default location, then to a built-in default";
// §9 "timeout 7000 ms, high accuracy, no cached position"), on skyline and harbor at 375 and 1280
// px: the device is asked first with those options; a refusal says location access is blocked; a
// device that gives no position in 7 s says so; each fallback is labelled for what it is ("Near
// Chicago Loop (default)" from the server, "Near Times Square (default)" built in).
import { expect, test, type Page } from '@playwright/test';
import { quietNotices, url } from './frame-helpers.ts';

const field = (page: Page) => page.getByRole('textbox', { name: 'Location' });
const BLOCKED = /^Location access is blocked in your browser/;
const UNAVAILABLE = /^Your device could not tell us where you are within 7 seconds/;

/**
 * A device whose permission is still to be asked and whose position never comes: it fails with
 * TIMEOUT once the caller's own timeout has passed, as a browser does. Records the options asked with.
 */
async function slowDevice(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: PositionOptions[] = [];
    (window as unknown as { geoAsked: PositionOptions[] }).geoAsked = record;
    const status = { state: 'prompt', addEventListener() {}, removeEventListener() {} };
    const query = navigator.permissions.query.bind(navigator.permissions);
    navigator.permissions.query = ((descriptor: PermissionDescriptor) =>
      descriptor.name === 'geolocation' ? Promise.resolve(status) : query(descriptor)) as typeof navigator.permissions.query;
    navigator.geolocation.getCurrentPosition = (_ok, fail, options) => {
      record.push({ ...options });
      setTimeout(
        () =>
          fail?.({
            code: 3,
            message: 'Timeout expired',
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
          } as GeolocationPositionError),
        options?.timeout ?? 0,
      );
    };
  });
}

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

for (const partner of ['skyline', 'harbor']) {
  for (const width of [1280, 375]) {
    test.describe(`${partner} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('a device that refuses: the default location, labelled, and the blocked note', async ({ page }) => {
        // No permission granted: headless Chromium refuses geolocation.
        const defaultAsks: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/DefaultUserLocation') defaultAsks.push(request.url());
        });
        await page.goto(url(partner, '/search'));
        await expect(field(page)).toHaveValue('Near Times Square (default)');
        await expect(page.getByRole('note').filter({ hasText: BLOCKED })).toBeVisible();
        await expect(page.getByRole('note').filter({ hasText: UNAVAILABLE })).toHaveCount(0);
        await expect(page.getByRole('article').first()).toContainText('New York');
        // The server's default is asked for once, however many parts of the page fall back to it.
        expect(defaultAsks).toHaveLength(1);
      });

      test('a device that gives no position: asked first with the spec options, then the default after 7 s, and the page says why', async ({
        page,
      }) => {
        await slowDevice(page);
        const started = Date.now();
        await page.goto(url(partner, '/search'));
        await expect(field(page)).toHaveValue('Finding your location…');
        await expect(field(page)).toHaveValue('Near Times Square (default)', { timeout: 15_000 });
        expect(Date.now() - started).toBeGreaterThanOrEqual(7000);
        expect(await page.evaluate(() => (window as unknown as { geoAsked: PositionOptions[] }).geoAsked)).toEqual([
          { enableHighAccuracy: true, timeout: 7000, maximumAge: 0 },
        ]);
        await expect(page.getByRole('note').filter({ hasText: UNAVAILABLE })).toBeVisible();
        await expect(page.getByRole('note').filter({ hasText: BLOCKED })).toHaveCount(0);
        await expect(page.getByRole('article').first()).toContainText('New York');
        // The visitor can always type a place; the note is about the default, so it goes.
        await field(page).fill('Chicago');
        await field(page).press('Enter');
        await expect(page.getByRole('article').first()).toContainText('Chicago');
        await expect(page.getByRole('note').filter({ hasText: UNAVAILABLE })).toHaveCount(0);
      });
    });
  }

  test(`${partner}: the server's default comes before the built-in one, and each is labelled by its name`, async ({ page }) => {
    await page.route('**/api/DefaultUserLocation', (route) =>
      route.fulfill({ json: { latitude: 41.8819, longitude: -87.6278, name: 'Chicago Loop' } }),
    );
    await page.goto(url(partner, '/search'));
    await expect(field(page)).toHaveValue('Near Chicago Loop (default)');
    await expect(page.getByRole('article').first()).toContainText('Chicago');

    await page.unroute('**/api/DefaultUserLocation');
    await page.route('**/api/DefaultUserLocation', (route) => route.fulfill({ status: 503, json: { message: 'down' } }));
    await page.reload();
    await expect(field(page)).toHaveValue('Near Times Square (default)');
    await expect(page.getByRole('article').first()).toContainText('New York');
  });
}
