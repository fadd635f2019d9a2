// A banner's heading emptied in the page editor (both its larger-screen and its phone text): the
// field says so at once, and publishing the page is refused, naming the block and the field and
// taking the editor to it; members keep the live heading. Put back, the page publishes nothing new.
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, openLayout, signInToEditor, url } from './editor-helpers.ts';

const PARTNER = 'skyline';

/** The hero heading an anonymous visitor of skyline's home page reads on a phone. */
async function liveHeading(page: Page): Promise<string> {
  const member = await (
    await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 375, height: 800 } })
  ).newPage();
  await member.goto(url(PARTNER, '/'));
  const heading = member.locator('main [data-block-id="hero"] h2:visible');
  await expect(heading).toBeVisible();
  const text = await heading.innerText();
  await member.context().close();
  return text;
}

test('an emptied banner heading is named at publish and the editor is taken to it', async ({ page }) => {
  test.setTimeout(120_000);
  const before = await liveHeading(page);
  expect(before).toBe('Dine out. Earn miles.');
  await signInToEditor(page, PARTNER);
  await openLayout(page, 'Discover');
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  await outline
    .locator('li[data-block-id="hero"]')
    .getByRole('button', { name: /^Banner/ })
    .click();
  const panel = page.getByRole('main');
  const heading = panel.getByRole('group', { name: 'Part 1' });
  const desktop = heading.getByLabel('Text on larger screens');
  const phone = heading.getByLabel('Text on phones');
  const was = { desktop: await desktop.inputValue(), phone: await phone.inputValue() };

  await desktop.fill('');
  await phone.fill('');
  await expect(desktop).toHaveAttribute('aria-invalid', 'true');
  await expect(heading).toContainText('is required');
  await expect(panel.getByRole('status').filter({ hasText: 'Saved as a draft.' })).toBeVisible();

  // Another block selected, so the jump has somewhere to go.
  await outline
    .locator('li[data-block-id="steps"]')
    .getByRole('button', { name: /^How it works/ })
    .click();
  await expect(desktop).toHaveCount(0);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Nothing was published', { exact: false }).first()).toBeVisible();
  const problems = page.getByRole('alert').filter({ hasText: 'before publishing' });
  await expect(problems).toContainText('Banner “Hero (visitors)” › Part 1 › Content › Text on larger screens is required');
  await expect(problems).not.toContainText('/banner_text');
  // Taken there: the banner's block is selected and the emptied field has the focus.
  await expect(outline.locator('li[data-block-id="hero"]').getByRole('button', { pressed: true })).toBeVisible();
  await expect(desktop).toBeFocused();
  await expect(page.getByText('Published. Members see the change now.')).toHaveCount(0);
  await expectAxeClean(page, 'page editor with a banner problem');
  expect(await liveHeading(page)).toBe(before);

  // Put back as it was, for the other tests of the run.
  await desktop.fill(was.desktop);
  await phone.fill(was.phone);
  await expect(desktop).not.toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('status').filter({ hasText: 'Saved as a draft.' })).toBeVisible();
});
