// A first-time editor starts from the site's pages: the editor opens on the page list, each page
// with the address members find it at ("/" for the home page), and a page layout in a content list
// says it is that page. Then the job "change the home page's headline and publish" done the way the
// guide (docs/editor-guide.md) tells it, its user actions counted, and the live page checked.
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, url } from './editor-helpers.ts';

const PARTNER = 'skyline';

/** The home page's headline as a visitor reads it on a phone (a desktop shows the phone text until the app has loaded). */
function liveHeadline(page: Page): Promise<string> {
  return readHeadline(page, 375);
}

async function readHeadline(page: Page, width: number): Promise<string> {
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: { width, height: 800 } });
  await context.route('**/api/Impressions', (route) => route.fulfill({ status: 202, body: '' }));
  const member = await context.newPage();
  await member.goto(url(PARTNER, '/'));
  const heading = member.locator('main [data-block-id="hero"] h2:visible');
  await expect(heading).toBeVisible();
  const text = await heading.innerText();
  await context.close();
  return text;
}

test('the editor opens on the pages with their addresses, and the home headline takes 8 actions to publish', async ({ page }) => {
  test.setTimeout(180_000);
  const seeded = 'Dine out. Earn miles.';
  expect(await liveHeadline(page)).toBe(seeded);
  let actions = 0;
  const act = async (step: Promise<unknown>) => {
    actions++;
    await step;
  };

  await page.goto(url(PARTNER, '/editor'));
  await act(page.getByLabel('Email').fill(`editor@${PARTNER}.example`));
  await act(page.getByLabel('Password').fill(`editor-${PARTNER}-2026`));
  await act(page.getByRole('button', { name: 'Sign in' }).click());

  // The page list: where each page is, the home page at "/".
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  const list = page.getByRole('main');
  const home = list.getByRole('row', { name: /^Home \(\/\)/ });
  await expect(home).toContainText('Discover layout');
  await expect(home.getByText('/', { exact: true })).toBeVisible();
  await expect(home.getByText('/discover', { exact: true })).toBeVisible();
  await expect(list.getByRole('row', { name: /members never see this page/ })).toContainText('Members never see this page');
  await expectAxeClean(page, 'page list');

  // The home page's headline: clicked in the preview, its texts for larger screens and phones
  // changed in the block panel, published.
  await act(list.getByRole('link', { name: 'Home (/)' }).click());
  await expect(page.getByRole('list', { name: 'Blocks on this page' })).toBeVisible();
  const preview = page.frameLocator('iframe[title="Preview of the member page"]');
  const headline = preview.locator('main [data-block-id="hero"] h2:visible');
  await act(headline.click());
  const part = page.getByRole('main').getByRole('group', { name: 'Part 1' });
  await act(part.getByLabel('Text on larger screens').fill('Dinner out, miles in.'));
  await act(part.getByLabel('Text on phones').fill('Dinner out, miles in.'));
  await expect(headline).toHaveText('Dinner out, miles in.');
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Saved as a draft.' })).toBeVisible();
  await act(page.getByRole('button', { name: 'Publish' }).click());
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();
  await expect.poll(() => liveHeadline(page)).toBe('Dinner out, miles in.');
  expect(actions).toBe(8);

  // Put back as it was, for the other tests of the run (not counted).
  await part.getByLabel('Text on larger screens').fill('Your next trip starts at dinner');
  await part.getByLabel('Text on phones').fill('Dine out. Earn {currency}.');
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Saved as a draft.' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect.poll(() => liveHeadline(page)).toBe(seeded);

  // A layout in a content list says which page it is.
  await page.goto(url(PARTNER, '/editor/content/discover'));
  await expect(page.getByRole('heading', { level: 1, name: 'Discover' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('The page “Home (/)”, also under Pages');
});
