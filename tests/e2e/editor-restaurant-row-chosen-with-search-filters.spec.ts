// A restaurant row's content is chosen with the search page's own choices, not typed as a web
// address: the editor picks a cuisine and clears the price filter, the preview's row changes to those
// restaurants, and once published members see the same row. "Edit as text" still shows the query.
// harbor's Discover page: no other editor test edits it.
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { expectAxeClean, openLayout, signInToEditor, url } from './editor-helpers.ts';

const PARTNER = 'harbor';
const ROW = 'An evening out';

/** The cuisine line of every restaurant card in the row. */
async function rowCuisines(scope: Page | FrameLocator): Promise<string[]> {
  const cards = scope.getByRole('list', { name: ROW }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  return cards.evaluateAll((items) => items.map((item) => item.textContent ?? ''));
}

test('pick a cuisine for a restaurant row: the preview changes, and after publishing members see it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInToEditor(page, PARTNER);
  await openLayout(page, 'Discover');
  const preview = page.frameLocator('iframe[title="Preview of the member page"]');
  const before = await rowCuisines(preview);
  expect(before.every((card) => card.includes('Korean'))).toBe(false);

  await page
    .getByRole('list', { name: 'Blocks on this page' })
    .locator('li[data-block-id="fine-dining"]')
    .getByRole('button', { name: /^Restaurant row/ })
    .click();
  const field = page.getByRole('main').getByRole('group', { name: /^Which restaurants/ });
  await expect(field.getByRole('group', { name: 'Price' }).getByRole('checkbox', { name: '$$$', exact: true })).toBeChecked();
  await expect(field.getByLabel('Sort by')).toHaveValue('rating');
  await expectAxeClean(page, 'restaurant row field');

  await field.getByRole('checkbox', { name: '$$$', exact: true }).uncheck();
  await field.getByRole('checkbox', { name: '$$$$', exact: true }).uncheck();
  await field.getByLabel('Restaurant or cuisine').fill('Korean');
  await expect.poll(async () => (await rowCuisines(preview)).every((card) => card.includes('Korean'))).toBe(true);

  // The same choice as the search's web address, for what the choices do not cover.
  await field.getByRole('button', { name: 'Edit as text' }).click();
  await expect(field.getByRole('textbox')).toHaveValue('restaurantOrCuisine=Korean&sortBy=rating');
  await field.getByRole('button', { name: 'Edit as text' }).click();
  await expect(field.getByLabel('Restaurant or cuisine')).toHaveValue('Korean');

  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();

  const member = await (await browser.newContext()).newPage();
  await member.goto(url(PARTNER, '/discover'));
  const live = await rowCuisines(member);
  expect(live.length).toBeGreaterThan(0);
  expect(live.every((card) => card.includes('Korean'))).toBe(true);
  await expect(member.getByRole('region', { name: ROW }).getByRole('link', { name: /View all/ })).toHaveAttribute(
    'href',
    '/search?restaurantOrCuisine=Korean&sortBy=rating',
  );
  await member.context().close();
});
