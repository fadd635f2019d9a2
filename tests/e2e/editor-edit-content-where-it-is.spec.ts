// Editing a block's content where it is: selecting a block outlines it and scrolls to it in the
// preview; clicking a heading in the preview selects its block, and typing there changes the
// banner's own text (saved as its draft, shown in the block panel); "Add a block below" puts the
// new block where it was asked for.
import { expect, test } from '@playwright/test';
import { expectAxeClean, openLayout, outlineIds, signInToEditor } from './editor-helpers.ts';

test('select in the outline or in the preview, type in the preview, add a block between two others', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToEditor(page, 'skyline');
  await openLayout(page, 'Discover');
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  const preview = page.frameLocator('iframe[title="Preview of the member page"]');

  // 1. The outline's selection is outlined and scrolled into view in the preview.
  await outline
    .locator('li[data-block-id="steps"]')
    .getByRole('button', { name: /^How it works/ })
    .click();
  const steps = preview.locator('main [data-block-id="steps"]');
  await expect.poll(() => steps.evaluate((el: HTMLElement) => el.style.outlineStyle)).toBe('solid');
  await expect(steps).toBeInViewport({ ratio: 0.3 });

  // 2. A click on the banner's heading selects its block; its entry's fields are in the block panel.
  const heading = preview.locator('main [data-block-id="hero"] h2:visible');
  await heading.click();
  await expect(outline.locator('li[data-block-id="hero"]').getByRole('button', { pressed: true })).toBeVisible();
  await expect(steps).toHaveJSProperty('style.outlineStyle', '');
  const panel = page.getByRole('main');
  await expect(panel.getByLabel('Which banner')).toHaveValue('sky-hero');
  await expect(panel.getByRole('link', { name: /^Open “Hero \(visitors\)”/ })).toBeVisible();

  // 3. Typing in the preview changes the banner's phone text (the preview is a phone), placeholder kept.
  await page.keyboard.press('End');
  await page.keyboard.type(' Tonight.');
  await page.keyboard.press('Enter');
  await expect(heading).toHaveText('Dine out. Earn miles. Tonight.');
  await expect(panel.getByRole('status').filter({ hasText: 'Saved as a draft.' })).toBeVisible();
  const phoneText = panel.getByRole('group', { name: 'Part 1' }).getByLabel('Text on phones');
  await expect(phoneText).toHaveValue('Dine out. Earn {currency}. Tonight.');
  await expectAxeClean(page, 'banner fields in the block panel');

  // The draft is kept: after a reload the block panel and the preview show it.
  await page.reload();
  await outline
    .locator('li[data-block-id="hero"]')
    .getByRole('button', { name: /^Banner/ })
    .click();
  await expect(phoneText).toHaveValue('Dine out. Earn {currency}. Tonight.');

  // 4. A block added below "Top rated near you" goes right there, not at the end.
  const before = await outlineIds(page);
  await outline.getByRole('button', { name: 'Add a block below Top rated near you' }).click();
  const palette = page.getByRole('region', { name: 'Add a block' });
  await expect(palette).toContainText('The new block goes below “Top rated near you”.');
  await palette.getByRole('button', { name: 'Add Browse link', exact: true }).click();
  const after = await outlineIds(page);
  const at = before.indexOf('top-rated') + 1;
  expect(after).toHaveLength(before.length + 1);
  expect(after.slice(0, at)).toEqual(before.slice(0, at));
  expect(after.slice(at + 1)).toEqual(before.slice(at));
  await expect(outline.locator(`li[data-block-id="${after[at]}"]`)).toContainText('Browse link');
  // The new block is selected and stays selected once the page is saved.
  await expect(outline.locator(`li[data-block-id="${after[at]}"]`).getByRole('button', { pressed: true })).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(outline.locator(`li[data-block-id="${after[at]}"]`).getByRole('button', { pressed: true })).toBeVisible();

  // Leave skyline's page and banner as they were for the other tests of the run.
  await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
  await expect.poll(() => outlineIds(page)).toEqual(before);
  await outline
    .locator('li[data-block-id="hero"]')
    .getByRole('button', { name: /^Banner/ })
    .click();
  await phoneText.fill('Dine out. Earn {currency}.');
  await expect(panel.getByRole('status').filter({ hasText: 'Saved as a draft.' })).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
});
