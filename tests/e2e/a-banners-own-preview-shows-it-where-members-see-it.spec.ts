// A banner opened on its own (Content › a banner) is previewed where members see it: on the page
// that places it, as a member it is shown to; a banner no page members see places is previewed
// alone, and the preview says so.
import { expect, test } from '@playwright/test';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

test('a banner is previewed on the page that shows it, or alone when none does', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToEditor(page, 'skyline');
  const preview = page.frameLocator('iframe[title="Preview of the member page"]');

  // Shown on Home (/) to card members only: previewed there, as a card member.
  await page.goto(url('skyline', '/editor/content/discover/sky-member'));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back (card members)' })).toBeVisible();
  await expect(page.getByText('This banner as it shows on Home (/), to the members it is for.')).toBeVisible();
  await expect(page.getByLabel('Preview as')).toHaveValue('cardTier0');
  await expect(preview.locator('main [data-block-id="hero-member"]')).toContainText('Where to next?');
  // An edit shows in it at once.
  const phone = page.getByRole('main').getByRole('group', { name: 'Part 1' }).getByLabel('Text on phones');
  await phone.fill('Where to next, traveller?');
  await expect(preview.locator('main [data-block-id="hero-member"]')).toContainText('Where to next, traveller?');
  await expectAxeClean(page, 'banner on its page');
  await phone.fill('Where to next?');
  await expect(page.getByText('All changes saved')).toBeVisible();

  // Skyline's members never see the home layout: its banners are previewed alone, saying so.
  await page.goto(url('skyline', '/editor/content/home/welcome'));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome (visitors)' })).toBeVisible();
  await expect(page.getByText('No page shows this banner yet, so it is previewed on its own', { exact: false })).toBeVisible();
  const alone = preview.locator('main [data-block-id]');
  await expect(alone).toHaveCount(1);
  await expect(alone).toContainText('Dine out. Earn miles.');
  await expectAxeClean(page, 'banner alone');
});
