// Nothing invalid goes live, and no edit is lost: an emptied required field and each bad link of the
// editor's first try (a host without https://, "https://", a host with a space) are named at the field
// before the server answers and refuse the publish, while members keep the live announcement; the
// invalid draft is saved anyway, so a reload brings back every edit.
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

const PARTNER = 'skyline';
const ENTRY = '/editor/content/announcement_banner/weeknight-3x';

async function openAnnouncement(page: Page): Promise<void> {
  await page.goto(url(PARTNER, ENTRY));
  await expect(page.getByRole('heading', { level: 1, name: 'Weeknight 3X announcement' })).toBeVisible();
}

const item = (page: Page, n: number) => page.getByRole('main').getByRole('group', { name: `Announcement ${n}` });

/** What an anonymous visitor's announcement bar says (its link's address included). */
async function liveAnnouncement(page: Page): Promise<string> {
  const member = await (await page.context().browser()!.newContext()).newPage();
  await member.goto(url(PARTNER, '/'));
  const bar = member.getByRole('region', { name: 'Announcement' });
  await expect(bar).toBeVisible();
  const text = `${await bar.innerText()} ${await bar.getByRole('link').first().getAttribute('href')}`;
  await member.context().close();
  return text.replace(/\s+/g, ' ');
}

test('an emptied required field and bad links are named at the field, refuse the publish, and survive a reload', async ({ page }) => {
  const before = await liveAnnouncement(page);
  expect(before).toContain('Triple');
  await signInToEditor(page, PARTNER);
  await openAnnouncement(page);
  const history = page.getByRole('region', { name: 'History' });
  // The history arrives after the form: counted before it has, the list reads 0 versions.
  await expect(history.getByRole('listitem').filter({ hasText: 'Live' })).toBeVisible();
  const versionsBefore = await history.getByRole('listitem').count();

  // The required copy, emptied: the field says so at once.
  const copy = item(page, 1).getByLabel(/^Text/);
  await copy.fill('');
  await expect(copy).toHaveAttribute('aria-invalid', 'true');
  await expect(item(page, 1)).toContainText('is required');

  // Each bad link of the issue, named at its field before anything is sent.
  const link = item(page, 2).getByLabel(/^Link to/);
  for (const [bad, says] of [
    ['https://exa mple.com', 'is not a web address'],
    ['https://', 'is not a web address'],
    ['www.skyline.example/how-it-works', 'needs https:// in front (https://www.skyline.example/how-it-works)'],
    ['/how-it-work', 'is not a page of this site: /how-it-work would show Not Found'],
  ] as const) {
    await link.fill(bad);
    await expect(link).toHaveAttribute('aria-invalid', 'true');
    await expect(item(page, 2)).toContainText(says);
  }
  // A valid edit beside the invalid ones.
  const tooltip = page.getByRole('main').getByLabel(/^More information/);
  await tooltip.fill('Three times the points, Monday to Thursday.');

  // Saved even so: only publishing is refused, naming each field.
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was published' })).toBeVisible();
  const problems = page.getByRole('alert').filter({ hasText: 'before publishing' });
  await expect(problems).toContainText('Announcement 1 › Text');
  await expect(problems).toContainText('is required');
  await expect(problems).toContainText('Announcement 2 › Link to');
  await expect(page.getByText('Published. Members see the change now.')).toHaveCount(0);
  await expectAxeClean(page, 'entry form with problems');
  expect(await history.getByRole('listitem').count()).toBe(versionsBefore);
  expect(await liveAnnouncement(page)).toBe(before);

  // Reloaded: every edit is still there, the invalid ones with their problems.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Weeknight 3X announcement' })).toBeVisible();
  await expect(item(page, 1).getByLabel(/^Text/)).toHaveValue('');
  await expect(item(page, 2).getByLabel(/^Link to/)).toHaveValue('/how-it-work');
  await expect(item(page, 2)).toContainText('is not a page of this site');
  await expect(page.getByRole('main').getByLabel(/^More information/)).toHaveValue('Three times the points, Monday to Thursday.');
  await expect(page.getByText('Unpublished changes')).toBeVisible();

  // Fixed, it publishes, and members see it. Words of this run's own: an earlier run may have published
  // the same ones, and then there would be nothing to publish.
  const fixed = `Triple points on weeknight dinners, run ${Date.now().toString(36)}.`;
  await item(page, 1).getByLabel(/^Text/).fill(fixed);
  await item(page, 2)
    .getByLabel(/^Link to/)
    .fill('/how-it-works');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published. Members see the change now.')).toBeVisible();
  expect(await liveAnnouncement(page)).toContain(fixed);
});

test('leaving with unsaved edits asks first, in the app and when closing the tab', async ({ page }) => {
  await signInToEditor(page, PARTNER);
  await page.goto(url(PARTNER, '/editor/content/popup'));
  const entryLink = page.getByRole('main').getByRole('link').first();
  const entryName = (await entryLink.innerText()).trim();
  await entryLink.click();
  await expect(page.getByRole('heading', { level: 1, name: entryName })).toBeVisible();

  // The network is down: the edit cannot be saved.
  await page.route('**/api/cms/editor/entries/**', (route) => (route.request().method() === 'PUT' ? route.abort() : route.fallback()));
  const title = page.getByRole('main').getByLabel(/^Title/);
  // A title of this run's own: the entry may already hold an earlier run's, and an unchanged field sends nothing.
  const kept = `Kept while offline ${Date.now().toString(36)}`;
  await title.fill(kept);
  await expect(page.getByText('Not saved')).toBeVisible();

  // In the app: asked; staying keeps the edit on screen.
  await page.getByRole('link', { name: 'Pop-ups' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
  await expect(dialog).toBeVisible();
  await expectAxeClean(page, 'leave dialog');
  await dialog.getByRole('button', { name: 'Stay here' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(title).toHaveValue(kept);

  // Closing the tab: the browser asks (beforeunload); dismissing keeps the page.
  let asked = '';
  page.once('dialog', (question) => {
    asked = question.type();
    void question.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);

  // Back online: "Save and leave" saves the draft, then leaves.
  await page.unroute('**/api/cms/editor/entries/**');
  await page.getByRole('link', { name: 'Pop-ups' }).first().click();
  await dialog.getByRole('button', { name: 'Save and leave' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pop-ups' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: entryName }).click();
  await expect(page.getByRole('main').getByLabel(/^Title/)).toHaveValue(kept);

  // Nothing unsaved: leaving does not ask.
  await page.getByRole('link', { name: 'Pop-ups' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pop-ups' })).toBeVisible();
});
