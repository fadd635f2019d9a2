// Entry names read as members would read them: a name written with {currency} shows the partner's
// currency in the list of entries, on the entry's own screen and in its delete question, the way the
// member pages fill placeholders (greenleaf: "cash back").
import { expect, test } from '@playwright/test';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

const PARTNER = 'greenleaf';
const FILLED = 'Bonus banner: Weeknight double cash back';

test('entry names show the partner currency, never an unfilled {currency}', async ({ page }) => {
  await signInToEditor(page, PARTNER);
  await page.goto(url(PARTNER, '/editor/content/home'));
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: FILLED })).toBeVisible();
  await expect(main.getByText(/\{currency\}|\{programName\}/)).toHaveCount(0);
  await expect(main.getByRole('button', { name: `Delete ${FILLED}` })).toBeVisible();
  await expectAxeClean(page, 'home entries');

  await main.getByRole('link', { name: FILLED }).click();
  await expect(page.getByRole('heading', { level: 1, name: FILLED })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /\{currency\}/ })).toHaveCount(0);
});
