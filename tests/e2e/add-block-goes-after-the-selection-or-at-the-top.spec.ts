// "+ Add block" puts the new block where the editor is looking: after the selected block, or at the
// top of the page when nothing is selected (never at the bottom of a long page). The new block is
// selected and the preview scrolls to it.
import { expect, test } from '@playwright/test';
import { expectAxeClean, openLayout, outlineIds, signInToEditor } from './editor-helpers.ts';

test('a block added with "+ Add block" goes after the selected block, or at the top', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToEditor(page, 'skyline');
  await openLayout(page, 'Discover');
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  const preview = page.frameLocator('iframe[title="Preview of the member page"]');
  const before = await outlineIds(page);
  const addBlock = page.getByRole('button', { name: '+ Add block' });
  const palette = page.getByRole('region', { name: 'Add a block' });

  // Nothing selected: at the top.
  await addBlock.click();
  await expect(palette).toContainText('The new block goes at the top of the page.');
  await expectAxeClean(page, 'palette open');
  await palette.getByRole('button', { name: 'Add Browse link', exact: true }).click();
  await expect.poll(() => outlineIds(page)).toHaveLength(before.length + 1);
  const top = (await outlineIds(page))[0]!;
  expect(before).not.toContain(top);
  expect((await outlineIds(page)).slice(1)).toEqual(before);
  await expect(outline.locator(`li[data-block-id="${top}"]`).getByRole('button', { pressed: true })).toBeVisible();
  await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
  await expect.poll(() => outlineIds(page)).toEqual(before);

  // The last block selected: right after it, selected, and scrolled to in the preview.
  const last = before[before.length - 1]!;
  expect(last).toBe('browse');
  await outline
    .locator('li[data-block-id="browse"]')
    .getByRole('button', { name: /^Browse link/ })
    .click();
  await addBlock.click();
  await expect(palette).toContainText('The new block goes below');
  await palette.getByRole('button', { name: 'Add How it works', exact: true }).click();
  await expect.poll(() => outlineIds(page)).toHaveLength(before.length + 1);
  const after = await outlineIds(page);
  expect(after.slice(0, before.length)).toEqual(before);
  const added = after[before.length]!;
  await expect(outline.locator(`li[data-block-id="${added}"]`).getByRole('button', { pressed: true })).toBeVisible();
  await expect(preview.locator(`main [data-block-id="${added}"]`)).toBeInViewport();

  // Leave skyline's page as it was for the other tests of the run.
  await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
  await expect.poll(() => outlineIds(page)).toEqual(before);
  await expect(page.getByText('All changes saved')).toBeVisible();
});
