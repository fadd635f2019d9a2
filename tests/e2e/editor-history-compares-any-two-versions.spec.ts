// History shows who published each version and when, and a readable comparison of any
// two versions (or a version and the draft on screen): blocks added, removed, moved, hidden, fields
// changed; for a form entry, its fields.
import { expect, test } from '@playwright/test';
import { expectAxeClean, openLayout, signInToEditor, url } from './editor-helpers.ts';

test('compare the draft and published versions of a page, and of a form entry', async ({ page }) => {
  await signInToEditor(page, 'harbor');
  await openLayout(page, 'Discover');
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Live')).toBeVisible();
  const live = Number((await history.getByRole('listitem').first().textContent())?.match(/Version (\d+)/)?.[1]);

  // Hide one block, remove another, move a third to the top (keyboard), and add one from the palette.
  await outline.locator('li[data-block-id="browse"]').getByRole('button', { name: 'Hide Browse link' }).click();
  await outline
    .locator('li[data-block-id="new"]')
    .getByRole('button', { name: /^Remove / })
    .click();
  const handle = outline.locator('li[data-block-id="nearby"]').getByRole('button', { name: /^Move / });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(/(Picked up .+,| moved to) position 4 of \d+\./)).toBeAttached();
  for (const position of [3, 2, 1]) {
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(new RegExp(` moved to position ${position} of \\d+\\.`))).toBeAttached();
  }
  await page.keyboard.press('Space');
  await expect(outline.locator('li').first()).toHaveAttribute('data-block-id', 'nearby');

  const compare = page.getByRole('region', { name: 'Compare versions' });
  await expect(compare.getByLabel('From')).toHaveValue(String(live));
  await expect(compare.getByLabel('To')).toHaveValue('draft');
  const changes = compare.getByRole('list', { name: /change/ });
  await expect(changes.getByRole('listitem')).toHaveText([
    'Removed Restaurant row (new)',
    'Moved Restaurant row (nearby) from position 4 to 1',
    'Hid Browse link (browse)',
  ]);
  await expectAxeClean(page, 'history with a comparison');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();
  // The published versions compare the same way; the other direction reads the other way round.
  await compare.getByLabel('From').selectOption({ label: `Version ${live}` });
  await compare.getByLabel('To').selectOption({ label: `Version ${live + 1}` });
  await expect(changes.getByRole('listitem')).toHaveCount(3);
  await compare.getByLabel('From').selectOption({ label: `Version ${live + 1}` });
  await compare.getByLabel('To').selectOption({ label: `Version ${live}` });
  await expect(changes.getByRole('listitem')).toHaveText([
    'Added Restaurant row (new)',
    'Moved Restaurant row (nearby) from position 1 to 4',
    'Showed Browse link (browse) again',
  ]);
  await compare.getByLabel('To').selectOption({ label: `Version ${live + 1}` });
  await expect(compare.getByText('No differences.')).toBeVisible();

  // A form entry: its fields.
  await page.goto(url('harbor', '/editor/content/legal/terms'));
  await page
    .getByRole('main')
    .getByLabel(/^Title/)
    .fill('House rules');
  const formCompare = page.getByRole('region', { name: 'Compare versions' });
  await expect(formCompare.getByRole('listitem')).toHaveText(['Title: “Terms & Conditions” → “House rules”']);
});

// openplate's primary (#d84315) is the editor's accent: white on it and it on white were 4.43:1
// (sign-in button, Publish, "+ Add block", the outline's audience lines, the active nav link) until
// the theme derived readable fills and text colours (src/shared/theme.ts). Nothing is published.
test('openplate: its orange accent reads in the editor, with the preview, history and a comparison', async ({ page }) => {
  await page.goto(url('openplate', '/editor'));
  await expect(page.getByRole('heading', { name: 'Sign in to edit' })).toBeVisible();
  await expectAxeClean(page, 'openplate sign-in');
  await signInToEditor(page, 'openplate');
  await expectAxeClean(page, 'openplate content list');
  await openLayout(page, 'Discover');
  const preview = page.frameLocator('iframe[title="Preview of the member page"]');
  await expect(preview.locator('main [data-block-id="hero"]')).toBeVisible();
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  await outline
    .locator('li[data-block-id="browse"]')
    .getByRole('button', { name: /^Hide / })
    .click();
  const compare = page.getByRole('region', { name: 'Compare versions' });
  await expect(compare.getByRole('list', { name: /change/ }).getByRole('listitem')).toHaveText([/^Hid .* \(browse\)$/]);
  await expectAxeClean(page, 'openplate history with a comparison, 1280 px');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAxeClean(page, 'openplate history with a comparison, 375 px');
  // Back as published (the draft then has no differences).
  await outline
    .locator('li[data-block-id="browse"]')
    .getByRole('button', { name: /^Show / })
    .click();
  await expect(compare.getByText('No differences.')).toBeVisible();
});
