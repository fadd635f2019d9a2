// An invalid field blocks publishing; the problem names the block and the
// field, takes the editor to it, and the live page is untouched until it is fixed.
import { expect, test } from '@playwright/test';
import { expectAxeClean, openLayout, signInToEditor, url } from './editor-helpers.ts';

test('an empty required field blocks publishing and names the field', async ({ page }) => {
  await signInToEditor(page, 'greenleaf');
  await openLayout(page, 'Home');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Live')).toBeVisible();
  const versionsBefore = await history.getByRole('listitem').count();

  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  await outline
    .locator('li[data-block-id="browse"]')
    .getByRole('button', { name: /^Browse link/ })
    .click();
  const text = page.getByRole('main').getByLabel(/^Button text/);
  await expect(text).not.toHaveValue('');
  await text.fill('');
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('main').getByText('is required')).toBeVisible();
  await expect(outline.locator('li[data-block-id="browse"]')).toContainText('Needs a fix');

  await page.getByRole('button', { name: 'Publish' }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'before publishing' });
  await expect(problems).toContainText('Browse link “/search” › Button text is required');
  await expectAxeClean(page, 'layout editor with problems');
  await expect(page.getByText('Published. Members see the change now.')).toHaveCount(0);
  expect(await history.getByRole('listitem').count()).toBe(versionsBefore);

  // The problem takes the editor to the field, even with another block selected.
  await outline.locator('li').first().getByRole('button').nth(1).click();
  await problems.getByRole('button', { name: /Button text is required/ }).click();
  await expect(page.getByRole('main').getByLabel(/^Button text/)).toBeFocused();

  // The member page still has the link.
  const member = await (await page.context().browser()!.newContext()).newPage();
  await member.goto(url('greenleaf', '/'));
  await expect(member.locator('main [data-block-id="browse"]')).toBeVisible();

  // Fixed, it publishes.
  await page
    .getByRole('main')
    .getByLabel(/^Button text/)
    .fill('See every restaurant');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();
  await expect(problems).toHaveCount(0);
});
