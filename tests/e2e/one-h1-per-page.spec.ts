// Every page of every partner has exactly one h1 (the page's title for screen readers and the
// outline): anonymous visitors on each route, members on the account centre and adding a card.
// On a partner without enrolment, /join is Not Found inside the normal frame (menu, navigation),
// not the bare enrolment header.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { quietNotices, url } from './frame-helpers.ts';
import { ACCOUNT_PATHS, anonymousPaths, flagsOf, MERCHANT_ID, PARTNERS, signInAs, type PartnerId } from './page-walk.ts';

// Long walks on a shared machine: the limit is generous, nothing here is timed.
test.describe.configure({ timeout: 300_000 });

/** Routes beyond the main ones: what a link in an e-mail, an order button or a survey opens. */
function morePaths(partner: PartnerId): string[] {
  const enrolment = flagsOf(partner).enrollmentType !== 'none';
  return [
    `/merchants/${MERCHANT_ID}/Order`,
    '/surveys',
    '/error',
    '/no/such/page',
    ...(enrolment ? [`/activate?public_id=${partner}-known-1`] : []),
  ];
}

/** Loads a page, lets it settle, and answers how many h1 it has (and their texts, for the message). */
async function expectOneH1(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await page.waitForLoadState('networkidle');
  const headings = page.locator('h1');
  await expect(headings, `${address}: ${(await headings.allTextContents()).join(' | ')}`).toHaveCount(1);
  await expect(headings.first()).not.toBeEmpty();
  const axe = await new AxeBuilder({ page }).withRules(['page-has-heading-one']).analyze();
  expect(
    axe.violations.map((v) => v.id),
    address,
  ).toEqual([]);
}

for (const partner of PARTNERS) {
  test(`${partner}: every page a visitor opens has exactly one h1`, async ({ page }) => {
    await quietNotices(page);
    for (const path of [...anonymousPaths(partner), ...morePaths(partner)]) await expectOneH1(page, url(partner, path));
  });

  if (flagsOf(partner).enrollmentType !== 'none') {
    test(`${partner}: every page a member opens has exactly one h1`, async ({ page }) => {
      await quietNotices(page);
      await signInAs(page, partner, 'noncard');
      await expectOneH1(page, url(partner, '/add_card'));
      await page.context().clearCookies();
      await signInAs(page, partner, 'card2');
      for (const path of ['/', ...ACCOUNT_PATHS]) await expectOneH1(page, url(partner, path));
    });
  }
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
