// Two editors on one entry never overwrite each other unseen and never lose work:
// the later save is refused, named, and kept beside the newer version to merge field by field; a
// later publish is refused and the editor reloads the latest; a publish scheduled for a date and time goes live when
// the server's job reaches it, shows in the entry list until then, and can be cancelled.
import { expect, test, type Page } from '@playwright/test';
import { testHook } from './auth-helpers.ts';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

async function openEntry(page: Page, partner: string, path: string, heading: string): Promise<void> {
  await page.goto(url(partner, path));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('two editors: the second keeps their version beside the newer one and takes theirs back field by field', async ({ page, browser }) => {
  const PARTNER = 'harbor';
  const ENTRY = '/editor/content/popup/welcome-offer';
  await signInToEditor(page, PARTNER);
  await openEntry(page, PARTNER, ENTRY, 'Welcome offer announcement');
  const title = page.getByRole('main').getByLabel(/^Title/);
  await expect(title).toHaveValue('Your first dinner earns more');

  // A second editor (another person, another browser) opens the same entry and saves a change first.
  const other = await (await browser.newContext()).newPage();
  await signInToEditor(other, PARTNER, 'editor2');
  await openEntry(other, PARTNER, ENTRY, 'Welcome offer announcement');
  const otherTitle = other.getByRole('main').getByLabel(/^Title/);
  await otherTitle.fill('Their title');
  await expect(other.getByText('All changes saved')).toBeVisible();

  // This editor's change is not saved over theirs, and not lost: it is kept beside the newer one.
  await title.fill('My title');
  const kept = page.getByRole('region', { name: 'Your version is kept beside the newer one' });
  await expect(kept).toContainText('editor2@harbor.example saved a newer draft on');
  await expect(title).toHaveValue('Their title');
  const row = kept.getByRole('row', { name: /Title/ });
  await expect(row).toContainText('“Their title”');
  await expect(row).toContainText('“My title”');
  await expectAxeClean(page, 'entry form with a kept version');

  // It survives a reload.
  await page.reload();
  await expect(kept).toBeVisible();
  await expect(kept.getByRole('row', { name: /Title/ })).toContainText('“My title”');

  // Field by field: take mine for the title; it is saved like any edit.
  await kept.getByRole('button', { name: 'Take mine for Title' }).click();
  await expect(page.getByRole('main').getByLabel(/^Title/)).toHaveValue('My title');
  await expect(kept).toContainText('Your version and the newer one are the same now.');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await kept.getByRole('button', { name: 'Done' }).click();
  await expect(kept).toHaveCount(0);
  await other.reload();
  await expect(otherTitle).toHaveValue('My title');

  // A publish based on what they read before is refused in turn and names the save.
  await page
    .getByRole('main')
    .getByLabel(/^Title/)
    .fill('My title, again');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await other.getByRole('button', { name: 'Publish' }).click();
  const conflict = other.getByRole('alert').filter({ hasText: 'Someone else changed this entry' });
  await expect(conflict).toContainText('editor@harbor.example saved a newer draft');
  await expect(other.getByText('Published. Members see the change now.')).toHaveCount(0);
  await conflict.getByRole('button', { name: 'Reload the latest version' }).click();
  await expect(otherTitle).toHaveValue('My title, again');
});

test('a publish scheduled for a date and time goes live then, is listed until then, and can be cancelled', async ({ page }) => {
  const PARTNER = 'metro';
  await signInToEditor(page, PARTNER);
  await openEntry(page, PARTNER, '/editor/content/legal/terms', 'Terms & Conditions');
  await page
    .getByRole('main')
    .getByLabel(/^Title/)
    .fill('Terms of the new season');
  await expect(page.getByText('All changes saved')).toBeVisible();

  // Tomorrow at 09:00 in the browser's time zone, whatever today is.
  const { value, shown } = await page.evaluate(() => {
    const at = new Date();
    at.setDate(at.getDate() + 1);
    at.setHours(9, 0, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      value: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T09:00`,
      shown: at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    };
  });
  await page.getByRole('button', { name: 'Schedule…' }).click();
  const form = page.getByRole('form', { name: 'Schedule a publish' });
  // A time in the past is refused at the field.
  await form.getByLabel('Publish at (your local time)').fill('2020-01-01T09:00');
  await form.getByRole('button', { name: 'Schedule publish' }).click();
  await expect(form.getByText('Pick a date and time in the future.')).toBeVisible();
  await expect(form.getByLabel('Publish at (your local time)')).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page, 'schedule form with a problem');
  await form.getByLabel('Publish at (your local time)').fill(value);
  await form.getByRole('button', { name: 'Schedule publish' }).click();
  await expect(page.getByText(`Scheduled to go live on ${shown} (by editor@metro.example)`)).toBeVisible();

  // The entry list says when it goes live; members still see the old title.
  await page.getByRole('link', { name: 'Legal pages' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Terms & Conditions' });
  await expect(row).toContainText(`Goes live ${shown}`);
  await expectAxeClean(page, 'entry list with a scheduled publish');
  const member = await (await page.context().browser()!.newContext()).newPage();
  await member.goto(url(PARTNER, '/terms'));
  await expect(member.getByRole('heading', { level: 1 })).toHaveText('Terms & Conditions');

  // The time comes (for this entry's schedule only): the server publishes it by itself.
  const { scheduled } = await testHook<{ scheduled: boolean }>(page.request, PARTNER, 'cms/schedule/age', {
    group: 'legal',
    slug: 'terms',
    ageMs: 2 * 24 * 3600 * 1000,
  });
  expect(scheduled).toBe(false);
  await member.reload();
  await expect(member.getByRole('heading', { level: 1 })).toHaveText('Terms of the new season');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Terms & Conditions' })).not.toContainText('Goes live');

  // Scheduled again, then cancelled: nothing goes live.
  await openEntry(page, PARTNER, '/editor/content/legal/privacy', 'Privacy Policy');
  await page
    .getByRole('main')
    .getByLabel(/^Title/)
    .fill('Privacy, rewritten');
  await page.getByRole('button', { name: 'Schedule…' }).click();
  await page.getByLabel('Publish at (your local time)').fill(value);
  await page.getByRole('button', { name: 'Schedule publish' }).click();
  await page.getByRole('button', { name: 'Cancel schedule' }).click();
  await expect(page.getByText('The scheduled publish is cancelled.')).toBeVisible();
  await expect(page.getByText(/Scheduled to go live/)).toHaveCount(0);
  const after = await testHook<{ scheduled: boolean }>(page.request, PARTNER, 'cms/schedule/age', {
    group: 'legal',
    slug: 'privacy',
    ageMs: 2 * 24 * 3600 * 1000,
  });
  expect(after.scheduled).toBe(false);
  await member.goto(url(PARTNER, '/privacy'));
  await expect(member.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
});
