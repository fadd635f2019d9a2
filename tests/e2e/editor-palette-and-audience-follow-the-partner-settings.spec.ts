// The palette offers the blocks made for the page that the partner can show (with a picture and one
// line each); the outline marks what this partner's settings keep members from seeing, with the
// reason; the audience form ("Who sees it") edits visitor kinds, tiers, the partner's own
// settings as a checklist, the date window with date pickers and an exception, and its sentence follows.
import { expect, test } from '@playwright/test';
import { expectAxeClean, openLayout, signInToEditor } from './editor-helpers.ts';

test('the palette offers only the blocks made for this page that this partner can show, each with its picture and one line', async ({
  page,
}) => {
  // metro has no discover page: the page says so; its palette still offers the home page blocks.
  await signInToEditor(page, 'metro');
  await openLayout(page, 'Discover');
  await expect(page.getByRole('note')).toHaveText('Hidden: this partner has no discover page');
  await page.getByRole('button', { name: '+ Add block' }).click();
  const palette = page.getByRole('region', { name: 'Add a block' });
  const offered = () =>
    palette.getByRole('button', { name: /^Add / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  expect(await offered()).toEqual([
    'Add Banner',
    'Add Browse link',
    'Add Email sign-up',
    'Add How it works',
    'Add Page heading',
    'Add Restaurant row',
  ]);
  const banner = palette.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Add Banner', exact: true }) });
  await expect(banner).toContainText('A banner with a heading, text, links and a picture, shown to the visitors you choose.');
  expect(await banner.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expectAxeClean(page, 'palette');

  // openplate has no sign-in or enrolment: no email sign-up form to offer.
  await signInToEditor(page, 'openplate');
  await openLayout(page, 'Discover');
  await page.getByRole('button', { name: '+ Add block' }).click();
  expect(await offered()).not.toContain('Add Email sign-up');
  expect(await offered()).toContain('Add Banner');
});

test('the audience form: checklists, partner settings, dates and an exception, with the sentence in step', async ({ page }) => {
  await signInToEditor(page, 'harbor');
  await openLayout(page, 'Home');
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  await outline
    .locator('li[data-block-id="steps"]')
    .getByRole('button', { name: /^How it works/ })
    .click();
  const inspector = page.getByRole('main');
  const summary = inspector.getByText(/^Shown to/);
  // harbor's sign-in-to-join steps are for those not signed in; cleared, the block is for everyone.
  await expect(summary).toHaveText('Shown to anonymous visitors or known members');
  const visitors = inspector.getByRole('group', { name: 'Visitors' });
  await visitors.getByLabel('Anonymous visitors').uncheck();
  await visitors.getByLabel('Known members').uncheck();
  await expect(summary).toHaveText('Shown to everyone');

  await visitors.getByLabel('Card members').check();
  const tiers = inspector.getByRole('group', { name: 'Tiers' });
  await tiers.getByLabel('Tier 3').check();
  await tiers.getByLabel('Tier 2').check();
  await expect(summary).toHaveText('Shown to card members at tier 2 or 3');

  // harbor has no VIP level: asking for it hides the block here, and the outline says why.
  const settings = inspector.getByRole('group', { name: 'Partner settings' });
  await settings.getByLabel(/^VIP level/).check();
  await expect(settings.getByLabel('VIP level must be')).toHaveValue('on');
  await expect(summary).toHaveText('Shown to card members at tier 2 or 3 when VIP level is on');
  await expect(outline.locator('li[data-block-id="steps"]')).toContainText('Hidden: VIP level is off for this partner');
  await settings.getByLabel('VIP level must be').selectOption('off');
  await expect(summary).toHaveText('Shown to card members at tier 2 or 3 when VIP level is off');
  await expect(outline.locator('li[data-block-id="steps"]')).not.toContainText('Hidden:');

  await inspector.getByLabel('Until (first day it no longer shows)').fill('2030-12-31');
  await expect(summary).toHaveText('Shown to card members at tier 2 or 3 when VIP level is off until 31 Dec 2030');
  await inspector.getByLabel('Except when…').check();
  await expect(summary).toHaveText(
    'Shown to card members at tier 2 or 3 when VIP level is off until 31 Dec 2030, except anonymous visitors',
  );
  await expectAxeClean(page, 'audience form');
  // The outline line says the same.
  await expect(outline.locator('li[data-block-id="steps"]')).toContainText('except anonymous visitors');

  // Every audience edit is undoable (ticking and unticking one box is one step).
  await inspector.getByLabel('Except when…').uncheck();
  await expect(summary).not.toContainText('except');
  await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
  await expect(summary).toHaveText('Shown to card members at tier 2 or 3 when VIP level is off until 31 Dec 2030');
  await page.getByRole('button', { name: 'Undo (Ctrl+Z)' }).click();
  await expect(summary).toHaveText('Shown to card members at tier 2 or 3 when VIP level is off');
});
