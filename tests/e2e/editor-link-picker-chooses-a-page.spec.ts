// The link picker: beside a banner's link, "Choose a page" offers the site's pages by the names
// members know, restaurants found by name and the live earn pages. A page chosen and published is
// where the member page's link goes; keyboard only, labelled, axe clean.
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

const PARTNER = 'openplate';

/** Where the visitor's "Start exploring" button on the home page goes. */
async function liveButtonHref(page: Page): Promise<string | null> {
  const member = await (await page.context().browser()!.newContext()).newPage();
  await member.goto(url(PARTNER, '/'));
  const href = await member.getByRole('main').getByRole('link', { name: 'Start exploring' }).first().getAttribute('href');
  await member.context().close();
  return href;
}

test('an editor picks a page for a banner link, publishes, and the member page links there', async ({ page }) => {
  expect(await liveButtonHref(page)).toBe('/search');
  await signInToEditor(page, PARTNER);
  await page.goto(url(PARTNER, '/editor/content/discover/guide-hero'));
  const part = page.getByRole('main').getByRole('group', { name: 'Part 3' });
  const link = part.getByLabel(/^Link to/);
  await expect(link).toHaveValue('/search');

  // Keyboard only: from the field, Tab reaches the picker, Enter opens it.
  await link.focus();
  await page.keyboard.press('Tab');
  await expect(part.getByRole('button', { name: 'Choose a page for Link to' })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Where “Link to” goes' });
  await expect(dialog).toBeVisible();
  const pages = dialog.getByRole('region', { name: 'Pages of this site' });
  await expect(pages.getByRole('button', { name: 'Home (/)' })).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Restaurant search (/search)' })).toBeVisible();
  // openplate has no sign-in: its pickers do not offer a page members cannot reach.
  await expect(pages.getByRole('button', { name: /Sign in/ })).toHaveCount(0);
  await expect(dialog.getByRole('region', { name: 'Earn pages' }).getByRole('button').first()).toBeVisible();

  // A restaurant by part of its name.
  const restaurants = dialog.getByRole('region', { name: 'A restaurant' });
  await restaurants.getByLabel('Restaurant name').fill('zzqq-no-such-place');
  await expect(restaurants.getByRole('status')).toHaveText("No restaurant's name contains “zzqq-no-such-place”.");
  await restaurants.getByLabel('Restaurant name').fill('pizza');
  const firstRestaurant = restaurants.getByRole('button').first();
  await expect(firstRestaurant).toBeVisible();
  await expectAxeClean(page, 'link picker open');
  await firstRestaurant.click();
  await expect(dialog).toHaveCount(0);
  await expect(link).toHaveValue(/^\/merchants\/[^/]+$/);
  await expect(link).not.toHaveAttribute('aria-invalid', 'true');

  // Then a page of the site, chosen with the keyboard.
  await part.getByRole('button', { name: 'Choose a page for Link to' }).click();
  const howItWorks = page.getByRole('dialog').getByRole('button', { name: 'How it works (/how-it-works)' });
  await howItWorks.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(link).toHaveValue('/how-it-works');
  await expect(part.getByRole('button', { name: 'Choose a page for Link to' })).toBeFocused();

  // Escape closes without changing the link.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(link).toHaveValue('/how-it-works');

  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published\./)).toBeVisible();
  expect(await liveButtonHref(page)).toBe('/how-it-works');

  // Put back as it was, through the picker, for the tests that follow.
  await part.getByRole('button', { name: 'Choose a page for Link to' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restaurant search (/search)' }).click();
  await expect(link).toHaveValue('/search');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Published\./)).toBeVisible();
  expect(await liveButtonHref(page)).toBe('/search');
});
