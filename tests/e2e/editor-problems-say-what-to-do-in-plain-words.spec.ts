// The publish check's problems about the programme's settings are read by content editors: an earn
// rate typed as a number is named at the field with what is wrong and what to write instead, in
// plain words (no setting names), and the entry does not publish until it is fixed.
import { expect, test } from '@playwright/test';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

test('a typed earn rate is explained at the field and refuses the publish', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToEditor(page, 'skyline');
  await page.goto(url('skyline', '/editor/content/earn_details/how-it-works'));
  await expect(page.getByRole('heading', { level: 1, name: 'How earning works' })).toBeVisible();
  const smallPrint = page.getByRole('main').getByLabel(/^Small print/);
  const was = await smallPrint.inputValue();

  await smallPrint.fill('Earn 5 miles per $1 on every dinner.');
  await expect(page.getByText('All changes saved')).toBeVisible();
  const says =
    'This text types an earn rate as a number, but earn rates are set for the whole programme and can change. Write {earnRateTier0}, {earnRateTier2} or {earnRateTier3} instead (the rate of tier 0, 2 or 3 members): members see the current rate.';
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Nothing was published' })).toBeVisible();
  const problems = page.getByRole('alert').filter({ hasText: 'before publishing' });
  await expect(problems).toContainText(`Small print ${says}`);
  await expect(page.getByRole('main')).not.toContainText('earnRates');
  await expect(smallPrint).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('main').getByText(says).first()).toBeVisible();
  await expectAxeClean(page, 'entry form with a settings problem');

  // Written as the message says, it is fine.
  await smallPrint.fill('Earn {earnRateTier0} on every dinner.');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect(smallPrint).not.toHaveAttribute('aria-invalid', 'true');
  await smallPrint.fill(was);
  await expect(page.getByText('All changes saved')).toBeVisible();
});
