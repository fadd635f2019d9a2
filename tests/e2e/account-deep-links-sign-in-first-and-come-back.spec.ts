// The account centre's frame (spec 001 §2, §6): an anonymous deep link to an account page goes to
// the partner's sign-in route and, after signing in, back to that page; the four tabs are links in
// the spec's order with the current one marked; a session that ends mid-visit sends the member to
// sign in again. Direct (skyline) and sso (harbor) partners, phone and desktop widths, axe clean.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, quietNotices, signIn, url } from './frame-helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const TABS = ['Account Overview', 'Reviews & History', 'Linked Cards', 'Profile'];

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Account centre' });

async function expectCurrentTab(page: Page, name: string): Promise<void> {
  const nav = tabs(page);
  await expect(nav.getByRole('link')).toHaveText(TABS);
  await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  // On a phone the tabs scroll sideways: the current one is wholly in view (not cut to "view").
  const strip = (await nav.getByRole('list').boundingBox())!;
  const current = (await nav.locator('[aria-current="page"]').boundingBox())!;
  expect(current.x).toBeGreaterThanOrEqual(strip.x - 0.5);
  expect(current.x + current.width).toBeLessThanOrEqual(strip.x + strip.width + 0.5);
}

for (const width of [375, 1280]) {
  test(`skyline at ${width}px: a deep link signs in first, comes back, and the tabs move between pages`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url('skyline', '/account/recent_activity'));
    await expect(page).toHaveURL(url('skyline', '/login'));
    await expect(tabs(page)).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Email or SkyMiles number' }).fill('card2@skyline.example');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL(url('skyline', '/account/recent_activity'));
    await expectCurrentTab(page, 'Reviews & History');
    await expectAxeClean(page);
    await page.screenshot({ path: `test-results/account-frame-skyline-${width}.png`, fullPage: true });

    await tabs(page).getByRole('link', { name: 'Linked Cards' }).click();
    await expect(page).toHaveURL(url('skyline', '/account/manage_cards'));
    await expectCurrentTab(page, 'Linked Cards');

    // /account and unknown sub-paths land on the overview.
    await page.goto(url('skyline', '/account/nothing-here'));
    await expect(page).toHaveURL(url('skyline', '/account/overview'));
    await expectCurrentTab(page, 'Account Overview');
  });
}

test('a session that ends mid-visit sends the member to sign in and back', async ({ page, context }) => {
  await signIn(page.request, 'metro', 'card2@metro.example');
  await page.goto(url('metro', '/account/user_profile'));
  await expectCurrentTab(page, 'Profile');

  const cookies = await context.cookies();
  await context.clearCookies({ name: 'mb_session' });
  expect(cookies.some((c) => c.name === 'mb_session')).toBe(true);
  // The next navigation asks the server who is signed in: nobody.
  await tabs(page).getByRole('link', { name: 'Account Overview' }).click();
  await expect(page).toHaveURL(url('metro', '/login'));
});

test('harbor (sso): a deep link goes to /Login, through the provider, and back', async ({ page }) => {
  await page.goto(url('harbor', '/account/user_profile'));
  await expect(page).toHaveURL(url('harbor', '/Login'));
  await page.getByRole('button', { name: 'Continue to Harbor Rewards' }).click();
  await page.getByLabel('Email', { exact: true }).fill('card2@harbor.example');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(url('harbor', '/account/user_profile'));
  await expectCurrentTab(page, 'Profile');
  // An sso member: names come from the programme (disabled), and there is no password here.
  const profile = page.getByRole('form', { name: 'Member Profile' });
  await expect(profile.getByRole('textbox', { name: 'First name' })).toBeDisabled();
  await expect(profile.getByRole('textbox', { name: 'Last name' })).toBeDisabled();
  await expect(profile).toContainText('Managed by Harbor Rewards.');
  await expect(profile.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(profile.getByRole('checkbox', { name: /Send me emails/ })).toBeVisible();
  await expectAxeClean(page);
});

test('an account call answering 401 (a write or a read) sends the member to sign in, and back to the same page after', async ({ page }) => {
  await signIn(page.request, 'skyline', 'card0@skyline.example');
  const signInAgain = async () => {
    await page.getByRole('textbox', { name: 'Email or SkyMiles number' }).fill('card0@skyline.example');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };

  // A write: the bonus activation answers 401 (no navigation, so nothing else asks the server).
  await page.goto(url('skyline', '/account/overview'));
  await expectCurrentTab(page, 'Account Overview');
  await page.route('**/api/Member/Bonus/**', (route) => route.fulfill({ status: 401, json: { statusCode: 401, message: 'Sign in' } }));
  await page.getByRole('button', { name: 'Activate Welcome bonus' }).click();
  await expect(page).toHaveURL(url('skyline', '/login'));
  await page.unroute('**/api/Member/Bonus/**');
  await signInAgain();
  await expect(page).toHaveURL(url('skyline', '/account/overview'));
  await expectCurrentTab(page, 'Account Overview');

  // A read: the profile's ZIP check answers 401.
  await page.goto(url('skyline', '/account/user_profile'));
  await expectCurrentTab(page, 'Profile');
  await page.route('**/api/Members/Validate/Zip*', (route) =>
    route.fulfill({ status: 401, json: { statusCode: 401, message: 'Sign in' } }),
  );
  const zip = page.getByRole('textbox', { name: 'ZIP code' });
  await zip.fill('60601');
  await zip.blur();
  await expect(page).toHaveURL(url('skyline', '/login'));
  await page.unroute('**/api/Members/Validate/Zip*');
  await signInAgain();
  await expect(page).toHaveURL(url('skyline', '/account/user_profile'));
  await expectCurrentTab(page, 'Profile');
});
