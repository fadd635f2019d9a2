// The preview shows the page as any member state, prospects included, or every state side
// by side; the member app's pop-ups (greenleaf has a general pop-up) never cover the previewed page.
import { expect, test } from '@playwright/test';
import { expectAxeClean, openLayout, signInToEditor, url } from './editor-helpers.ts';

test('preview as a prospect, every member state side by side, and no pop-up over the preview', async ({ page, browser }) => {
  // Eight member pages drawn at once and an axe scan of all of them: 56 s of the 60 s ceiling in a
  // CI run, and over it twice on a machine busier still. A ceiling against hangs, not a speed check.
  test.setTimeout(120_000);
  // The member site itself greets a first visit with greenleaf's general pop-up.
  const member = await (await browser.newContext()).newPage();
  await member.goto(url('greenleaf', '/'));
  await expect(member.getByRole('dialog')).toBeVisible();

  await signInToEditor(page, 'greenleaf');
  await openLayout(page, 'Home');
  const preview = page.frameLocator('iframe[title="Preview of the member page"]');
  await expect(preview.locator('main [data-block-id="hero"]')).toBeVisible();
  await expect(preview.getByRole('dialog')).toHaveCount(0);

  // A prospect sees what anonymous visitors see.
  await page.getByLabel('Preview as').selectOption({ label: 'Prospect (not a member yet)' });
  await expect(preview.locator('main [data-block-id="hero"]')).toBeVisible();
  await expect(preview.locator('main [data-block-id="hero-member"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'All member states' }).click();
  const grid = page.getByRole('dialog', { name: 'Every member state side by side' });
  await expect(grid).toBeVisible();
  await expect(grid.locator('iframe')).toHaveCount(8);
  const as = (state: string) => grid.frameLocator(`iframe[title="Preview as ${state}"]`);
  await expect(as('Card member, tier 2').locator('main [data-block-id="hero-member"]')).toBeVisible();
  await expect(as('Member without a card').locator('main [data-block-id="link-card"]')).toBeVisible();
  await expect(as('Anonymous visitor').locator('main [data-block-id="hero"]')).toBeVisible();
  await expect(as('Anonymous visitor').locator('main [data-block-id="hero-member"]')).toHaveCount(0);
  // greenleaf's how-it-works steps are for everyone but card members (who have done them).
  for (const state of ['Anonymous visitor', 'Closed account', 'Member without a card']) {
    await expect(as(state).locator('main [data-block-id="steps"]')).toBeVisible();
    await expect(as(state).getByRole('dialog')).toHaveCount(0);
  }
  await expect(as('Card member, tier 3 (VIP)').locator('main [data-block-id="hero-member"]')).toBeVisible();
  await expect(as('Card member, tier 3 (VIP)').locator('main [data-block-id="steps"]')).toHaveCount(0);
  await expect(as('Card member, tier 3 (VIP)').getByRole('dialog')).toHaveCount(0);
  // The editor's dialog and every member page in it (greenleaf's card-member merchant cards too).
  await expectAxeClean(page, 'every member state side by side');

  // Clicking a block in one of them selects it in the outline and closes the grid.
  await as('Member without a card').locator('main [data-block-id="steps"] h2').first().click();
  await expect(grid).toHaveCount(0);
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  await expect(outline.locator('li[data-block-id="steps"]').getByRole('button', { pressed: true })).toBeVisible();

  // Escape closes it too.
  await page.getByRole('button', { name: 'All member states' }).click();
  await expect(grid).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(grid).toHaveCount(0);
});
