// Rollback tells the truth: rolling back makes the old version live and the draft too (asking first
// when unpublished edits would be dropped), the status says "Published", and a later publish keeps the
// rolled-back state instead of bringing the undone change back.
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

const PARTNER = 'greenleaf';
const ENTRY = '/editor/content/popup/cashback-launch';

/** The popup's title as members get it. */
async function liveTitle(page: Page): Promise<string | undefined> {
  const res = await page.request.get(url(PARTNER, '/api/cms/pages/popup/?page_size=100'));
  const data = (await res.json()).data as Array<{ slug: string; fields: { title?: string } }>;
  return data.find((entry) => entry.slug === 'cashback-launch')?.fields.title;
}

test('rollback, then publish: the rolled-back state stays live', async ({ page }) => {
  await signInToEditor(page, PARTNER);
  await page.goto(url(PARTNER, ENTRY));
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const title = page.getByRole('main').getByLabel(/^Title/);
  const original = await title.inputValue();
  expect(await liveTitle(page)).toBe(original);
  const toolbar = page.locator('h1').locator('..');

  // Publish a change: version 2 is live.
  await title.fill('Cash back, launch week');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();
  expect(await liveTitle(page)).toBe('Cash back, launch week');

  // An unpublished edit: rolling back would drop it, so the editor is asked first.
  await title.fill('A draft nobody published');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(toolbar.getByText('Unpublished changes')).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: 'Roll back to version 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace your unpublished changes?' });
  await expect(dialog).toBeVisible();
  await expectAxeClean(page, 'rollback question');
  await dialog.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(title).toHaveValue('A draft nobody published');
  expect(await liveTitle(page)).toBe('Cash back, launch week');

  await history.getByRole('button', { name: 'Roll back to version 1' }).click();
  await dialog.getByRole('button', { name: 'Roll back and drop my changes' }).click();
  await expect(title).toHaveValue(original);
  await expect(toolbar.getByText('Published', { exact: true })).toBeVisible();
  await expect(toolbar.getByText('Unpublished changes')).toHaveCount(0);
  expect(await liveTitle(page)).toBe(original);

  // The draft is the rolled-back version: publishing brings nothing back.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Nothing to publish: the live version is up to date.')).toBeVisible();
  expect(await liveTitle(page)).toBe(original);

  // Nor does a publish after another edit: the title stays rolled back.
  await page.reload();
  await expect(title).toHaveValue(original);
  await page.getByRole('main').getByRole('button', { name: 'Edit as code' }).click();
  const body = page.getByRole('main').getByLabel(/^Text/);
  await body.fill(`${await body.inputValue()}<p>Terms apply.</p>`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();
  expect(await liveTitle(page)).toBe(original);
});
