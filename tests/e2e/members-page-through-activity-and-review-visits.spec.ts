// Reviews & History (spec 001 §2 "Recent activity", §4 transaction display, §5 reviews, §8): the
// README's demo members page through their activity ("Page X of Y", previous/next, page numbers,
// 10 a page), see merchant links, statuses (translated on skyline, untranslated on metro), review
// prompts by the rules, the missing-rewards banner, the credit partner's panel and the disclaimer;
// a review opens the external survey with the visit's parameters, and once sent the prompt goes;
// an empty or failed list shows the no-results panel with a search button. Phone and desktop
// widths, axe clean.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, PORT, quietNotices, signIn, url, forgetMember } from './frame-helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.use(NO_SERVICE_WORKER);

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const activity = (page: Page) => page.getByRole('region', { name: 'Recent activity' });
const rows = (page: Page) => activity(page).getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Activity pages' });

async function openActivity(page: Page, partner: string, key: string): Promise<void> {
  await signIn(page.request, partner, `${key}@${partner}.example`);
  await page.goto(url(partner, '/account/recent_activity'));
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews & History' })).toBeVisible();
}

for (const width of [375, 1280]) {
  test(`skyline at ${width}px: three pages of activity with merchant links, statuses and review prompts`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openActivity(page, 'skyline', 'card2');
    await expect(page.getByRole('complementary', { name: 'Missing rewards' })).toContainText(
      'If one is still missing after more than 10 days',
    );
    await expect(
      page.getByRole('complementary', { name: 'Missing rewards' }).getByRole('link', { name: 'contact Member Services' }),
    ).toHaveAttribute('href', /dining@skyline\.example/);
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    await expect(rows(page)).toHaveCount(10);
    await expect(pager(page)).toContainText('Page 1 of 3');
    const first = rows(page).nth(0);
    await expect(first.getByRole('link').first()).toHaveAttribute('href', /^\/merchants\//);
    await expect(first).toContainText('Processing');
    await expect(first.getByRole('link', { name: /^Review .* \(opens in a new tab\)$/ })).toBeVisible();
    // Reviewed already (-003), deferred (-004) and forfeit (-007): no prompt; deferred says why.
    await expect(
      rows(page)
        .nth(2)
        .getByRole('link', { name: /^Review/ }),
    ).toHaveCount(0);
    await expect(rows(page).nth(3)).toContainText('Not earned');
    await expect(rows(page).nth(3)).toContainText('Allow up to two weeks, no action needed.');
    await expect(
      rows(page)
        .nth(3)
        .getByRole('link', { name: /^Review/ }),
    ).toHaveCount(0);
    await expect(rows(page).nth(6)).toContainText('This visit did not qualify.');
    await expect(rows(page).nth(5)).toContainText('Bonus');
    // Paid shows its paid date; the 40-day pending is past the review window.
    await expect(rows(page).nth(7)).toContainText(/Paid [A-Z][a-z]{2} \d{1,2}/);
    await expect(
      rows(page)
        .nth(9)
        .getByRole('link', { name: /^Review/ }),
    ).toHaveCount(0);
    await expect(page.getByText('Activity from the last 12 months.')).toBeVisible();

    await expectAxeClean(page);
    await page.screenshot({ path: `test-results/account-activity-skyline-${width}.png`, fullPage: true });

    // Paging: next, a page number, previous; the page lives in the address.
    await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(pager(page)).toContainText('Page 2 of 3');
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(rows(page)).toHaveCount(10);
    // The merchant that has left has no link.
    await expect(rows(page).nth(0)).toContainText('no longer participating');
    await expect(rows(page).nth(0).getByRole('link')).toHaveCount(0);
    await pager(page).getByRole('button', { name: 'Page 3' }).click();
    await expect(pager(page)).toContainText('Page 3 of 3');
    await expect(rows(page)).toHaveCount(3);
    await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(pager(page).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await page.reload();
    await expect(pager(page)).toContainText('Page 3 of 3');
    await pager(page).getByRole('button', { name: 'Previous' }).click();
    await expect(pager(page)).toContainText('Page 2 of 3');
  });
}

test('skyline: a review opens the survey with the visit, and once sent the prompt is gone', async ({ page }) => {
  await openActivity(page, 'skyline', 'vip');
  const first = rows(page).nth(0);
  const review = first.getByRole('link', { name: /^Review .* \(opens in a new tab\)$/ });
  await expect(review).toBeVisible();
  const merchant = (await first.getByRole('link').first().textContent())?.trim() ?? '';
  const [survey] = await Promise.all([page.waitForEvent('popup'), review.click()]);
  await survey.waitForLoadState();
  const address = new URL(survey.url());
  expect(address.origin).toBe(`http://localhost:${PORT + 1}`);
  expect(address.pathname).toBe('/review/skyline-dining-2026');
  expect(address.searchParams.get('transactionId')).toBe('skyline-vip-001');
  expect(address.searchParams.get('merchantName')).toBe(merchant);
  expect(address.searchParams.get('type')).toBe('settle');
  expect(address.searchParams.get('familyId')).toBeTruthy();
  expect(address.searchParams.get('merchantId')).toBeTruthy();
  expect(address.searchParams.get('date')).toMatch(/^\d{4}-\d\d-\d\d$/);
  await expect(survey.getByRole('heading', { name: `Review ${merchant}` })).toBeVisible();
  await survey.getByLabel('Your rating').selectOption('5');
  await survey.getByRole('button', { name: 'Send review' }).click();
  await expect(survey.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await survey.close();

  await page.reload();
  await expect(rows(page).nth(0)).toBeVisible();
  await expect(
    rows(page)
      .nth(0)
      .getByRole('link', { name: /^Review/ }),
  ).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`metro at ${width}px: the credit panel, transactions with statement credits, untranslated statuses`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openActivity(page, 'metro', 'card2');
    const bar = page.getByRole('progressbar', { name: '$16.50 of $20.00 toward your next statement credit' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuemax', '20');
    await expect(page.getByRole('heading', { name: 'Current balance' })).toBeVisible();
    await expect(page.getByText('$16.50', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Earned in ${new Date().getFullYear()}` })).toBeVisible();

    await expect(rows(page)).toHaveCount(10);
    await expect(pager(page)).toContainText('Page 1 of 3');
    const credits = rows(page).filter({ hasText: 'Statement credit' });
    await expect(credits).toHaveCount(2);
    await expect(credits.nth(0)).toContainText('$20.00');
    await expect(credits.nth(0)).toContainText('Requested');
    await expect(rows(page).nth(0)).toContainText('Pending Review');
    await expect(rows(page).filter({ hasText: 'Expired' })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: 'Processing' })).toHaveCount(0);
    await expectAxeClean(page);
    await page.screenshot({ path: `test-results/account-activity-metro-${width}.png`, fullPage: true });

    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(pager(page)).toContainText('Page 2 of 3');
    await expect(rows(page).filter({ hasText: 'Review expired' })).toHaveCount(1);
  });
}

test('skyline: while the activity and the cards load, the spec’s "Do not refresh, ..." message shows', async ({ page }) => {
  await signIn(page.request, 'skyline', 'card0@skyline.example');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/Member/Transactions*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url('skyline', '/account/recent_activity'));
  await expect(page.getByRole('status').filter({ hasText: 'Do not refresh, loading your activity…' })).toBeVisible();
  release();
  await expect(rows(page)).toHaveCount(3);

  let releaseCards: () => void = () => undefined;
  const heldCards = new Promise<void>((resolve) => (releaseCards = resolve));
  await page.route('**/api/Member/Cards', async (route) => {
    if (route.request().method() === 'GET') await heldCards;
    await route.fallback();
  });
  await page.getByRole('navigation', { name: 'Account centre' }).getByRole('link', { name: 'Linked Cards' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Do not refresh, loading your linked cards…' })).toBeVisible();
  releaseCards();
  await expect(page.getByRole('region', { name: 'Your linked cards' }).getByRole('listitem')).toHaveCount(1);
});

test('metro: an address past the last page shows the last page', async ({ page }) => {
  await openActivity(page, 'metro', 'card2');
  await page.goto(url('metro', '/account/recent_activity?page=9'));
  await expect(pager(page)).toContainText('Page 3 of 3');
  await expect(page).toHaveURL(/\?page=3$/);
  await expect(rows(page)).not.toHaveCount(0);
  await page.goto(url('metro', '/account/recent_activity?page=abc'));
  await expect(pager(page)).toContainText('Page 1 of 3');
});

test('metro: a member with no activity, and a list that fails, get the no-results panel with a search button', async ({ page }) => {
  await openActivity(page, 'metro', 'noncard');
  await expect(page.getByRole('heading', { name: 'No activity to show' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find a restaurant' })).toHaveAttribute('href', '/search');
  await expect(pager(page)).toHaveCount(0);
  await expectAxeClean(page);

  await page.route('**/api/Member/TransactionsStatementCredits*', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
  await forgetMember(page);
  await openActivity(page, 'metro', 'card2');
  await expect(page.getByRole('heading', { name: 'No activity to show' })).toBeVisible();
  await page.getByRole('link', { name: 'Find a restaurant' }).click();
  await expect(page).toHaveURL(/\/search/);
});
