// The sso takeover as a visitor would try it, in Chromium through the real sso flow: on
// harbor, "Join now" leads to the programme's provider, where the attacker creates an account with
// the VIP's email in other letter case (`Vip@Harbor.example`). The provider used to accept it and
// the app's callback, matching members by the lower-cased email, signed the attacker in as Sofia
// Alvarez (tier 3). Now the provider refuses the email and the app binds members to the programme
// number, so the attacker is nobody; the real VIP still signs in as herself.
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, PASSWORD, PROVIDERS_ORIGIN, quietNotices, url } from './frame-helpers.ts';

test.use(NO_SERVICE_WORKER);

const harbor = (path = '/') => url('harbor', path);
const memberDropdown = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Hi, / });

test('a case variant of a member email cannot be registered at the provider, and signs nobody in as that member', async ({ page }) => {
  await quietNotices(page);
  await page.goto(harbor('/join'));
  await page.getByRole('button', { name: 'Join with Harbor Rewards' }).click();
  await expect(page).toHaveURL((u) => u.origin === PROVIDERS_ORIGIN && u.pathname === '/sso/authorize');
  await expect(page.getByRole('heading', { name: 'Create your Harbor Rewards account' })).toBeVisible();
  await page.getByLabel('First name').fill('Eve');
  await page.getByLabel('Last name').fill('Mallory');
  await page.getByLabel('Email').fill('Vip@Harbor.example');
  await page.getByLabel('Password').fill('Takeover-2026!');
  await page.getByRole('button', { name: 'Create account and continue' }).click();

  // Refused at the provider: the attacker never comes back to the app with an assertion.
  await expect(page.getByRole('alert')).toHaveText('An account with this email exists already. Sign in instead.');
  expect(new URL(page.url()).origin).toBe(PROVIDERS_ORIGIN);

  // Back on the app the visitor is still anonymous: no member greeting, and no member session.
  await page.goto(harbor('/'));
  await expect(page.getByRole('banner').getByRole('link', { name: 'Join now' })).toBeVisible();
  await expect(memberDropdown(page)).toHaveCount(0);
  expect((await page.request.get(harbor('/api/Member'))).status()).toBe(401);

  // The VIP's own programme account still signs her in as herself.
  await page.goto(harbor('/Login'));
  await page.getByRole('button', { name: 'Continue to Harbor Rewards' }).click();
  await page.getByLabel('Email', { exact: true }).fill('vip@harbor.example');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(memberDropdown(page)).toHaveAccessibleName('Hi, Sofia Alvarez');
});
