// A block of a page is moved with the keyboard only (Space, arrows, Space on
// its handle), screen readers are told where it went, and Ctrl+Z / Ctrl+Shift+Z take it back and redo it.
// Also the outline's other edits: add from the palette, duplicate, hide, remove, each undoable.
import { expect, test } from '@playwright/test';
import { expectAxeClean, openLayout, outlineIds, signInToEditor } from './editor-helpers.ts';

test('reorder blocks with the keyboard only, with announcements, undo and redo', async ({ page }) => {
  await signInToEditor(page, 'metro');
  await openLayout(page, 'Home');
  const ids = await outlineIds(page);
  expect(ids.length).toBeGreaterThan(2);
  const first = ids[0]!;

  // Tab to the first block's handle: no mouse anywhere in this test.
  const handle = page
    .getByRole('list', { name: 'Blocks on this page' })
    .locator(`li[data-block-id="${first}"]`)
    .getByRole('button')
    .first();
  await handle.focus();
  await expect(handle).toBeFocused();
  await page.keyboard.press('Space');
  // Picked up (announced, then "over" its own place): only now do the arrow keys move it.
  await expect(page.getByText(/(Picked up .+,| moved to) position 1 of \d+\./)).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText(/ moved to position 2 of \d+\./)).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText(/dropped at position 2 of \d+\./)).toBeAttached();
  const moved = [ids[1]!, first, ...ids.slice(2)];
  await expect.poll(() => outlineIds(page)).toEqual(moved);

  // Undo and redo from the keyboard, with the focus outside any text field.
  await page.keyboard.press('Control+z');
  await expect.poll(() => outlineIds(page)).toEqual(ids);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => outlineIds(page)).toEqual(moved);
  await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
  await expect.poll(() => outlineIds(page)).toEqual(ids);
});

test('add a block from the palette, duplicate, hide and remove it; every step undoable; axe clean', async ({ page }) => {
  await signInToEditor(page, 'metro');
  await openLayout(page, 'Home');
  const ids = await outlineIds(page);
  const outline = page.getByRole('list', { name: 'Blocks on this page' });

  await page.getByRole('button', { name: '+ Add block' }).click();
  const palette = page.getByRole('region', { name: 'Add a block' });
  await palette.getByLabel('Find a block').fill('heading');
  await expect(palette.getByText('Page heading')).toBeVisible();
  await expectAxeClean(page, 'palette');
  await palette.getByRole('button', { name: 'Add Page heading' }).click();
  // Added at the top (nothing was selected: the bottom of a long page is the last place an editor
  // looks for it), the rest of the page as it was below it, selected, and its form shown.
  await expect.poll(async () => (await outlineIds(page)).length).toBe(ids.length + 1);
  const [added, ...rest] = await outlineIds(page);
  expect(added).toMatch(/^page-heading/);
  expect(rest).toEqual(ids);
  await expect(page.getByRole('heading', { level: 2, name: 'Page heading' })).toBeVisible();

  const item = outline.locator(`li[data-block-id="${added}"]`);
  await item.getByRole('button', { name: /^Duplicate / }).click();
  await expect.poll(async () => (await outlineIds(page)).length).toBe(ids.length + 2);
  await item.getByRole('button', { name: /^Hide / }).click();
  await expect(item).toContainText('Hidden');
  await item.getByRole('button', { name: /^Remove / }).click();
  await expect(item).toHaveCount(0);

  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
  await expect.poll(() => outlineIds(page)).toEqual(ids);
});
