// The whole job of a content editor for one partner, in the browser: sign
// in, drag a block of the home page to a new place, preview it as an anonymous visitor and as a tier-2
// card member, edit a banner's text, publish both, see the change on the member site with no restart,
// roll back, and see the old page again.
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { dragAbove, expectAxeClean, openLayout, outlineIds, signInToEditor, url } from './editor-helpers.ts';

// Skyline's home page (/) is its discover layout (partner.json homePage). Both tests here edit it,
// so they share this file and run one after the other.
const PARTNER = 'skyline';

/**
 * A member page whose visits send no block views: these tests load skyline's home page many times,
 * and editor-views-rise-after-member-visits.spec.ts, perhaps running meanwhile, counts its views.
 */
async function uncountedVisitor(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  await context.route('**/api/Impressions', (route) => route.fulfill({ status: 202, body: '' }));
  return context.newPage();
}

/** Block ids the member home page renders, top to bottom. */
async function memberBlocks(page: Page): Promise<string[]> {
  await page.goto(url(PARTNER, '/'));
  await expect(page.locator('main [data-block-id]').first()).toBeVisible();
  return page.locator('main [data-block-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-block-id') ?? ''));
}

test('sign in, drag a block, edit a banner, publish, see it live, roll back, see the old page', async ({ page, browser }) => {
  // Two partners' pages, two publishes, two rollbacks and many member page loads: a loaded CI machine needs the room.
  test.setTimeout(300_000);
  const member = await uncountedVisitor(browser);
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

// The second test: a first-time editor's whole job on skyline, through the editor's screens only, counting
// every action a person makes (a click, a drag, typing into one field, choosing from a list): move the
// second block of the home page to the top, change the hero banner's heading, preview as a visitor
// and as a card member on a phone, publish once, check the live page, roll back once, check again.
// The goal is at most 15 actions; a drag is one action, as a person makes it.
const MAX_ACTIONS = 15;

/** Block ids and the hero's heading on the member home page at 375 px, as a visitor sees them. */
async function livePage(member: Page): Promise<{ blocks: string[]; hero: string }> {
  await member.goto(url(PARTNER, '/'));
  await expect(member.locator('main [data-block-id]').first()).toBeVisible();
  const blocks = await member.locator('main [data-block-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-block-id') ?? ''));
  const hero = (await member.locator('main [data-block-id="hero"] h2:visible').first().textContent())?.trim() ?? '';
  return { blocks, hero };
}

test('a first-time editor moves a block, changes the hero heading, previews, publishes and rolls back in at most 15 actions', async ({
  page,
  browser,
}) => {
  // Two member page checks per step and a publish and a rollback: room on a loaded CI machine.
  test.setTimeout(240_000);
  const actions: string[] = [];
  const act = async (what: string, doIt: () => Promise<unknown>) => {
    actions.push(what);
    await doIt();
  };
  const member = await uncountedVisitor(browser, { viewport: { width: 375, height: 812 }, isMobile: true });
  const before = await livePage(member);
  const second = before.blocks[1]!;

  // Sign in (3 actions).
  await page.goto(url(PARTNER, '/editor'));
  await act('type the email', () => page.getByLabel('Email').fill(`editor@${PARTNER}.example`));
  await act('type the password', () => page.getByLabel('Password').fill(`editor-${PARTNER}-2026`));
  await act('press Sign in', () => page.getByRole('button', { name: 'Sign in' }).click());

  // Open the page members see at / (1 action), from the page list the editor opens on. The side
  // navigation, there on every screen, also links it (to the same place, with its layout's name).
  const pages = page.getByRole('main');
  await expect(pages.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await act('open Home (/)', () => pages.getByRole('link', { name: 'Home (/)', exact: true }).click());
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  await expect(outline).toBeVisible();
  const ids = await outlineIds(page);

  // Move the second block members see to the top (1 action: a drag). The outline also lists blocks
  // shown only to other member states, so the blocks are found by id.
  const first = before.blocks[0]!;
  await act('drag the second block to the top', () =>
    dragAbove(
      page,
      outline.locator(`li[data-block-id="${second}"]`).getByRole('button', { name: /^Move / }),
      outline.locator(`li[data-block-id="${first}"]`),
    ),
  );
  const moved = ids.filter((id) => id !== second);
  moved.splice(ids.indexOf(first), 0, second);
  await expect.poll(() => outlineIds(page)).toEqual(moved);

  // Change the hero banner's heading where the block is (2 actions). The preview is a phone.
  await act('select the hero banner', () =>
    outline
      .locator('li[data-block-id="hero"]')
      .getByRole('button', { name: /^Banner/ })
      .click(),
  );
  const phoneText = page.getByRole('main').getByRole('group', { name: 'Part 1' }).getByLabel('Text on phones');
  await act('type the new heading', () => phoneText.fill('Dinner out, miles in.'));
  const preview = page.frameLocator('iframe[title="Preview of the member page"]');
  await expect(preview.locator('main [data-block-id="hero"] h2:visible').first()).toHaveText('Dinner out, miles in.');
  await expect(preview.locator('main [data-block-id]').first()).toHaveAttribute('data-block-id', second);

  // Preview as a card member, then as a visitor again (2 actions).
  await act('preview as a card member', () => page.getByLabel('Preview as').selectOption({ label: 'Card member, tier 2' }));
  await expect(preview.locator('main [data-block-id="hero-member"]')).toBeVisible();
  // The visitors' sign-up steps are not shown to a card member.
  await expect(preview.locator('main [data-block-id="steps"]')).toHaveCount(0);
  await act('preview as a visitor', () => page.getByLabel('Preview as').selectOption({ label: 'Anonymous visitor' }));
  await expect(preview.locator('main [data-block-id="hero"] h2:visible').first()).toHaveText('Dinner out, miles in.');

  // Publish once: the order and the heading go live together (1 action).
  await expect(page.getByText('All changes saved')).toBeVisible();
  await act('press Publish', () => page.getByRole('button', { name: 'Publish' }).click());
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();
  await expect
    .poll(async () => livePage(member))
    .toEqual({ blocks: [second, ...before.blocks.filter((id) => id !== second)], hero: 'Dinner out, miles in.' });

  // Roll back once, to how the page was before the publish (1 action, 2 when asked to confirm).
  const history = page.getByRole('region', { name: 'Page publishes' });
  await act('press Roll back on the earlier state', () =>
    history
      .getByRole('button', { name: /^Roll back the page to / })
      .last()
      .click(),
  );
  const confirm = page.getByRole('dialog');
  if (await confirm.isVisible()) await act('confirm the rollback', () => confirm.getByRole('button', { name: /^Roll back/ }).click());
  await expect(history.getByText('Rolled back by', { exact: false })).toBeVisible();
  await expect.poll(async () => livePage(member)).toEqual(before);
  await expect.poll(() => outlineIds(page)).toEqual(ids);

  console.log(`first-time editor job: ${actions.length} actions: ${actions.join('; ')}`);
  expect(actions.length).toBeLessThanOrEqual(MAX_ACTIONS);
});
