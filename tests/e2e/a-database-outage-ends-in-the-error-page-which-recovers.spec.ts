// The server briefly unavailable: when the member call keeps answering 503 (the database
// is away), a signed-in member gets the "Something went wrong" page after a couple of retries, not
// an endless spinner and not a guest's view; it is accessible and its link reloads home.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { NO_SERVICE_WORKER, signIn, url } from './frame-helpers.ts';
import { clientAddress } from './auth-helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.use({ ...NO_SERVICE_WORKER, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });

test('a member call answering 503 ends in the error page, which recovers with the server', async ({ page }) => {
  await signIn(page.request, 'skyline', 'card2@skyline.example');
  // The page itself was served while the database did not answer: its bootstrap names no member
  // (undefined, not null), so the app asks GET /api/Member, which keeps answering 503.
  await page.addInitScript(() => {
    const original = Document.prototype.getElementById;
    Document.prototype.getElementById = function getElementById(this: Document, id: string) {
      const element = original.call(this, id);
      if (id === 'mb-bootstrap' && element?.textContent && element.dataset.testMember !== '1') {
        const bootstrap = JSON.parse(element.textContent) as { member?: unknown };
        delete bootstrap.member;
        element.textContent = JSON.stringify(bootstrap);
        element.dataset.testMember = '1';
        // Not the bootstrap the server rendered the page with: the browser renders it afresh.
        document.getElementById('root')?.removeAttribute('data-server-rendered');
      }
      return element;
    };
  });
  let unavailable = true;
  let calls = 0;
  await page.route('**/api/Member', async (route) => {
    calls += 1;
    if (!unavailable) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '5' },
      body: JSON.stringify({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Menuboard is briefly unavailable.',
        code: 'unavailable',
      }),
    });
  });
  await page.goto(url('skyline', '/search'));
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Something went wrong. Please refresh the page and try again.')).toBeVisible();
  expect(calls).toBe(3);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations).toEqual([]);

  unavailable = false;
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toHaveCount(0);
  // Signed in again as before: the member's greeting is back.
  await expect(page.getByText(/^Hi, /).first()).toBeVisible();
});
