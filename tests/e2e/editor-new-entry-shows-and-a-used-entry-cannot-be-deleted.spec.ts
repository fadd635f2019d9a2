// The editor's lists as an editor uses them: "New entry" makes a draft that opens at once; filled in
// and published, it shows on the member page where its group shows (an earn offer on /earn). "Delete"
// asks first, and is refused while a page shows the entry, naming the page; an unused one goes, and
// members stop seeing it.
import { expect, test } from '@playwright/test';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

const PARTNER = 'harbor';

test('New entry → fill → publish shows on /earn; Delete is refused for a used entry, naming the page', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // Unique per run: the test server keeps its data between tests (and retries).
  const title = `Double points weekend ${Date.now().toString(36)}`;
  const member = await (await browser.newContext()).newPage();

  await signInToEditor(page, PARTNER);
  await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Earn details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Earn details' })).toBeVisible();

  await page.getByRole('button', { name: 'New entry' }).click();
  await page.getByLabel('Name of the new entry').fill(title);
  await expectAxeClean(page, 'entry list with the new entry form');
  await page.getByRole('button', { name: 'Create' }).click();

  // The new entry opens as a draft, in the form made from its group.
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await main.getByLabel(/^Address of the page/).fill(`double-${Date.now().toString(36)}`);
  await main.getByLabel(/^Browser tab title/).fill(title);
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();

  await member.goto(url(PARTNER, '/earn'));
  await expect(member.getByRole('link', { name: title })).toBeVisible();

  // An entry the home page shows cannot go: the list says which page uses it.
  await page.goto(url(PARTNER, '/editor/content/home'));
  await page.getByRole('button', { name: 'Delete Welcome (visitors)' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete “Welcome (visitors)”?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Delete' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('“Welcome (visitors)” was not deleted: these pages show it.');
  await expect(refusal.getByRole('listitem')).toHaveText(['Home (/)']);
  await expect(page.getByRole('link', { name: 'Welcome (visitors)' })).toBeVisible();
  await expectAxeClean(page, 'entry list with a refused delete');

  // The new offer is used by no page: after asking, it goes, and /earn no longer shows it.
  await page.goto(url(PARTNER, '/editor/content/earn_details'));
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${title}” was deleted.` })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await expect
    .poll(async () => {
      await member.reload();
      return member.getByRole('link', { name: title }).count();
    })
    .toBe(0);
});

test('Duplicate opens a draft copy named "(copy)", listed as a draft, which can be deleted', async ({ page }) => {
  test.setTimeout(60_000);
  await signInToEditor(page, PARTNER);
  await page.goto(url(PARTNER, '/editor/content/home'));
  await page.getByRole('button', { name: 'Duplicate Welcome back (card members)', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back (card members) (copy)' })).toBeVisible();

  await page.goto(url(PARTNER, '/editor/content/home'));
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Welcome back (card members) (copy)', exact: true }) });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was deleted.' })).toBeVisible();
  await expect(row).toHaveCount(0);
});
