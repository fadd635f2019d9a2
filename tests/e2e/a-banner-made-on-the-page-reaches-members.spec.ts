// A first-time editor's promotion: a Banner block added to a page, its banner made right there
// ("New banner"), written, shown to visitors, and published with the page reaches the member page.
// Found by a first-time-user walk: the new block had no banner and no way to make one, and a
// banner picked on skyline's home page (a discover layout) was looked up in the home group.
import { expect, test } from '@playwright/test';
import { expectAxeClean, openLayout, outlineIds, signInToEditor, url } from './editor-helpers.ts';

test('a banner made in a new Banner block is published with the page and shows to visitors', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInToEditor(page, 'openplate');
  await openLayout(page, 'Discover');
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  const before = await outlineIds(page);

  // Nothing is selected, so the new block goes at the top of the page.
  await page.getByRole('button', { name: /^\+ Add block/ }).click();
  await page.getByRole('region', { name: 'Add a block' }).getByRole('button', { name: 'Add Banner', exact: true }).click();
  await expect.poll(async () => (await outlineIds(page)).length).toBe(before.length + 1);
  const [added, ...rest] = await outlineIds(page);
  expect(rest).toEqual(before);
  const panel = page.getByRole('main');
  await expect(panel.getByText('Choose a banner for this block, or make a new one.')).toBeVisible();
  await expect(panel.getByText('This banner no longer exists')).toHaveCount(0);

  await panel.getByRole('button', { name: 'New banner' }).click();
  await panel.getByLabel('Name of the new banner').fill('Walk week');
  await panel.getByRole('button', { name: 'Create' }).click();
  await expect(panel.getByLabel('Which banner')).toHaveValue(/walk-week/);
  await expectAxeClean(page, 'a new banner in the block panel');

  // Written and shown to visitors, then published with the page: one publish.
  await panel.getByRole('checkbox', { name: 'Visitors (not signed in)' }).check();
  await panel.getByRole('button', { name: 'Add to Parts of the banner' }).click();
  const part = panel.getByRole('group', { name: 'Part 1' });
  // A part shows the fields its kind uses: a text has no link, a button has one, a carousel its query.
  await expect(part.getByLabel('Text on phones')).toBeVisible();
  await expect(part.getByRole('textbox', { name: 'Link to' })).toHaveCount(0);
  await part.getByLabel('Kind').selectOption({ label: 'Button' });
  await expect(part.getByRole('textbox', { name: 'Link to' })).toBeVisible();
  await part.getByLabel('Kind').selectOption({ label: 'Heading' });
  await expect(part.getByRole('textbox', { name: 'Link to' })).toHaveCount(0);
  await part.getByLabel('Text on larger screens').fill('Walk week: two courses for one.');
  await part.getByLabel('Text on phones').fill('Walk week: two courses for one.');
  await expect(panel.getByRole('status').filter({ hasText: 'Saved as a draft.' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();

  const visitor = await browser.newPage({ viewport: { width: 375, height: 800 } });
  for (const width of [375, 1280]) {
    await visitor.setViewportSize({ width, height: 800 });
    await visitor.goto(url('openplate', '/'));
    await expect(visitor.getByRole('main')).toContainText('Walk week: two courses for one.');
    // Where the editor put it: at the top of the page.
    await expect(visitor.locator('main [data-block-id]').first()).toHaveAttribute('data-block-id', added!);
  }

  // Leave openplate's page as it was for the other tests: the new block off the page, published again.
  await outline
    .locator(`li[data-block-id="${added}"]`)
    .getByRole('button', { name: /^Remove|^Delete/ })
    .click();
  const confirm = page.getByRole('dialog');
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: /Remove|Delete/ }).click();
  await expect.poll(() => outlineIds(page)).toEqual(before);
  await page.getByRole('button', { name: 'Publish' }).click();
  // The notice of the first publish may still show: the member page itself says when this one is live.
  // A new browser each time: the one above may keep the page it was sent for its max-age (30 s).
  await expect
    .poll(async () => {
      const fresh = await browser.newPage();
      await fresh.goto(url('openplate', '/'));
      const text = await fresh.getByRole('main').innerText();
      await fresh.close();
      return text;
    })
    .not.toContain('Walk week');
  await visitor.close();
});

test('a banner no page shows says so, before and after it is published', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Loose banner ${Date.now().toString(36)}`;
  await signInToEditor(page, 'openplate');
  await page.goto(url('openplate', '/editor/content/discover'));
  await page.getByRole('button', { name: 'New entry' }).click();
  await page.getByLabel('Name of the new entry').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('note')).toHaveText(/^No page shows this banner yet, so members do not see it\./);

  await main.getByRole('checkbox', { name: 'Visitors (not signed in)' }).check();
  await main.getByRole('button', { name: 'Add to Parts of the banner' }).click();
  await main.getByRole('group', { name: 'Part 1' }).getByLabel('Text on phones').fill('Nobody sees this yet.');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published, but no page shows this banner yet')).toBeVisible();
  await expect(page.getByText('Members see the change now.')).toHaveCount(0);
  await expectAxeClean(page, 'a banner no page shows');

  // Gone again, so the other tests see openplate's list as it was.
  await page.goto(url('openplate', '/editor/content/discover'));
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${name}” was deleted.` })).toBeVisible();
});
