// The secure card-entry frame failing to load (spec 000 §9, 001 §4/§9): with the providers
// origin's /card-frame unreachable, /add_card shows the "not loaded" notice, and once 20 s pass
// without the frame a "failed" analytics event lands in window.dataLayer (page.clock drives time).
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, PROVIDERS_ORIGIN, quietNotices, signIn, url } from './frame-helpers.ts';
import { CARD_FRAME_TITLE, clientAddress } from './auth-helpers.ts';

const P = 'skyline';

test.use({ ...NO_SERVICE_WORKER, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });

const failedEvents = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).filter((e) => (e as { event?: unknown }).event === 'failed'));

test('a card frame that never loads shows the not-loaded notice and sends a "failed" event after 20 s', async ({ page }) => {
  test.slow(); // a sign-in (scrypt) and the add-card page before the clock work starts
  let frameRequests = 0;
  await page.route(`${PROVIDERS_ORIGIN}/card-frame**`, (route) => {
    frameRequests += 1;
    return route.abort();
  });
  await quietNotices(page);
  await page.clock.install();
  await signIn(page.request, P, `noncard@${P}.example`);

  await page.goto(url(P, '/add_card'));
  const form = page.getByTestId('card-registration-form');
  await expect(form.locator(`iframe[title="${CARD_FRAME_TITLE}"]`)).toBeAttached();
  // From here time stands still until the test moves it, so no assertion's retrying lets the 20 s
  // pass. (The app needs running timers to boot, so the pause cannot come before the page loads.)
  // The frame mounted, and its timer started, a moment before this pause (seconds on a loaded
  // machine): the first check stops 4 s short of 20 s to leave room for that moment.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const notice = form.getByRole('status').filter({ hasText: 'secure card form' });
  await expect(notice).toHaveText('Loading the secure card form…');
  expect(frameRequests).toBeGreaterThan(0);

  await page.clock.runFor(15_000);
  await expect(notice).toHaveText('Loading the secure card form…');
  expect(await failedEvents(page)).toEqual([]);

  await page.clock.runFor(5_000);
  await expect(notice).toHaveText('The secure card form has not loaded. Please check your connection and refresh the page.');
  expect(await failedEvents(page)).toEqual([
    { event: 'failed', category: 'secureCardFrame', label: 'not loaded within 20 s', session: 'browser' },
  ]);
  await expect(page.getByRole('button', { name: 'Link card' })).toHaveAttribute('aria-disabled', 'true');
});
