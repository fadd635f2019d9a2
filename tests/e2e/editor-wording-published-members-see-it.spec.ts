// The Wording screen: every text of the member pages, searchable, with where it comes from; a
// change is a draft shown in the preview at once, and members see it only once it is published.
import { expect, test } from '@playwright/test';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

const PARTNER = 'harbor';

test('change "Join now" on the Wording screen, preview it, publish it, and members see it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const member = await (await browser.newContext()).newPage();
  await member.goto(url(PARTNER, '/'));
  const join = member.getByRole('banner').getByRole('link', { name: 'Join now' });
  await expect(join).toBeVisible();

  await signInToEditor(page, PARTNER);
  await page.getByRole('link', { name: 'Wording' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wording' })).toBeVisible();
  await page.getByLabel('Find wording').fill('Join now');
  const list = page.getByRole('list', { name: 'Wording' });
  const row = list.getByRole('listitem').filter({ hasText: 'frame.join' });
  await expect(row).toContainText('Standard wording');
  await row.getByRole('button', { name: 'Change “Join now”' }).click();
  await row.getByLabel('New text for “Join now”').fill('Become a member');
  await expect(row).toContainText('Changed, not published yet');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await expectAxeClean(page, 'wording screen');

  // The preview shows the draft; members still see the old words.
  const preview = page.frameLocator('iframe[title="Preview of the member page"]');
  await expect(preview.getByRole('banner').getByRole('link', { name: 'Become a member' })).toBeVisible();
  await member.reload();
  await expect(member.getByRole('banner').getByRole('link', { name: 'Join now' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish wording (1)' }).click();
  await expect(page.getByText('Published. Members see the new wording now.')).toBeVisible();
  await expect(row).toContainText('Changed here');
  await expect
    .poll(async () => {
      await member.reload();
      return member.getByRole('banner').getByRole('link', { name: 'Become a member' }).count();
    })
    .toBe(1);

  // Back to the standard wording, published again.
  await row.getByRole('button', { name: 'Go back to the standard wording' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish wording (1)' }).click();
  await expect(page.getByText('Published. Members see the new wording now.')).toBeVisible();
  await member.reload();
  await expect(member.getByRole('banner').getByRole('link', { name: 'Join now' })).toBeVisible();
});
