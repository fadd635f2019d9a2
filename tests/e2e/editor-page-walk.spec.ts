// Issue 15, "must show": the whole job of a content editor for one partner, in the browser: sign
// in, drag a block of the home page to a new place, preview it as an anonymous visitor and as a tier-2
// card member, edit a banner's text, publish both, see the change on the member site with no restart,
// roll back, and see the old page again.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAxeClean, openLayout, outlineIds, signInToEditor, url } from './editor-helpers.ts';

// Skyline's home page (/) is its discover layout (partner.json homePage).
const PARTNER = 'skyline';

/** Block ids the member home page renders, top to bottom. */
async function memberBlocks(page: Page): Promise<string[]> {
  await page.goto(url(PARTNER, '/'));
  await expect(page.locator('main [data-block-id]').first()).toBeVisible();
  return page.locator('main [data-block-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-block-id') ?? ''));
}

/** Drags with the mouse, in small steps, from one element's middle to just above another's. */
async function dragAbove(page: Page, handle: Locator, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await handle.hover();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 20 });
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 4 });
  await page.mouse.up();
}

test('sign in, drag a block, edit a banner, publish, see it live, roll back, see the old page', async ({ page, browser }) => {
  // Two partners' pages, two publishes, two rollbacks and many member page loads: a loaded CI machine needs the room.
  test.setTimeout(300_000);
  const member = await (await browser.newContext()).newPage();
  const before = await memberBlocks(member);
  expect(before[0]).toBe('hero');
  await expect(member.getByRole('main')).toContainText('Your next trip starts at dinner');

  await signInToEditor(page, PARTNER);
  await openLayout(page, 'Discover');
  await expectAxeClean(page, 'page layout editor');
  const ids = await outlineIds(page);
  expect(ids.indexOf('top-rated')).toBeGreaterThan(0);

  // 1. Drag the "Top rated" carousel to the top of the page.
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  const handle = outline.locator('li[data-block-id="top-rated"]').getByRole('button', { name: /^Move / });
  await dragAbove(page, handle, outline.locator('li[data-block-id="hero"]'));
  await expect.poll(() => outlineIds(page)).toEqual(['top-rated', ...ids.filter((id) => id !== 'top-rated')]);

  // 2. The live preview shows the unsaved order at once, as an anonymous visitor and as a tier-2 card member.
  const preview = page.frameLocator('iframe[title="Preview of the member page"]');
  await expect(preview.locator('main [data-block-id]').first()).toHaveAttribute('data-block-id', 'top-rated');
  await expect(preview.locator('main [data-block-id="hero-member"]')).toHaveCount(0);
  await page.getByLabel('Preview as').selectOption({ label: 'Card member, tier 2' });
  await expect(preview.locator('main [data-block-id="hero-member"]')).toBeVisible();
  await expect(preview.locator('main [data-block-id="steps"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Desktop' }).click();
  await expect(page.getByText('1280 px wide')).toBeVisible();
  await page.getByLabel('Preview as').selectOption({ label: 'Anonymous visitor' });
  await expect(preview.locator('main [data-block-id="steps"]')).toBeVisible();
  // A click on a block in the preview selects it in the outline.
  await preview.locator('main [data-block-id="steps"] h2').first().click();
  await expect(outline.locator('li[data-block-id="steps"]').getByRole('button', { pressed: true })).toBeVisible();

  // 3. Publish the page.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Live')).toBeVisible();

  // 4. Edit the hero banner's title from its block.
  await outline
    .locator('li[data-block-id="hero"]')
    .getByRole('button', { name: /^Banner/ })
    .click();
  await page.getByRole('link', { name: 'Open “Hero (visitors)” on its own page (history, schedule)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hero (visitors)' })).toBeVisible();
  await expectAxeClean(page, 'banner form');
  const title = page.getByRole('group', { name: 'Part 1' }).getByLabel('Text on larger screens');
  await title.fill('Dinner is on us, almost.');
  // Desktop: the title's desktop text (phones get text_mobile).
  await page.getByRole('button', { name: 'Desktop' }).click();
  await expect(page.frameLocator('iframe[title="Preview of the member page"]').getByText('Dinner is on us, almost.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();

  // 5. The member site shows both changes at once, with no restart.
  await expect.poll(() => memberBlocks(member)).toEqual(['top-rated', ...before.filter((id) => id !== 'top-rated')]);
  await expect(member.getByRole('main')).toContainText('Dinner is on us, almost.');

  // 6. Roll both back to the versions before, and the old page is back.
  const rollBack = async () => {
    const versions = page.getByRole('region', { name: 'History' }).getByRole('button', { name: /^Roll back to version/ });
    await versions.first().click();
    await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').first().getByText('Live')).toBeVisible();
  };
  await rollBack();
  await expect(title).toHaveValue('Your next trip starts at dinner');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Home (/)' })).toBeVisible();
  await rollBack();
  await expect.poll(() => outlineIds(page)).toEqual(ids);
  await expect.poll(() => memberBlocks(member)).toEqual(before);
  await expect(member.getByRole('main')).toContainText('Your next trip starts at dinner');
  await expect(member.getByRole('main')).not.toContainText('Dinner is on us');
});
