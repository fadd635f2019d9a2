// CMS HTML fields, as HTML, preview the markup as members will get it (the server's sanitiser), image
// fields show the picture, and link fields take only the schemes the server allows, saying so at the field.
import { expect, test } from '@playwright/test';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

test('HTML, image and link fields: sanitised preview, picture, scheme rule at the field', async ({ page }) => {
  await signInToEditor(page, 'greenleaf');
  await page.goto(url('greenleaf', '/editor/content/sidebar/search'));
  const main = page.getByRole('main');
  const preview = main.getByRole('region', { name: 'Preview of Sidebar text' });
  // Rich text by default; its markup, with the preview, is one switch away.
  await expect(main.getByRole('textbox', { name: /^Sidebar text/ })).toContainText('Earning is automatic');
  await main.getByRole('button', { name: 'Edit as code' }).click();
  await expect(preview.getByRole('heading', { name: 'Earning is automatic' })).toBeVisible();
  await main.getByLabel(/^Sidebar text/).fill('<h3>Fresh words</h3><p onclick="steal()">Hello</p><script>alert(1)</script>');
  await expect(preview.getByRole('heading', { name: 'Fresh words' })).toBeVisible();
  await expect(preview).toContainText('Some markup is removed when saved');
  await expect(preview.locator('[onclick], script')).toHaveCount(0);
  await expectAxeClean(page, 'HTML field with its preview');

  await page.goto(url('greenleaf', '/editor/content/home/cashback-hero'));
  await expect(main.getByRole('img', { name: 'Preview of the image' })).toBeVisible();
  const image = main.getByRole('group', { name: 'Picture' }).getByLabel('Image path');
  await expect(main.getByText('A picture on this site: /media/… or /partner-assets/….')).toBeVisible();
  await image.fill('/media/merchants/10019/nothing-here.png');
  await expect(main.getByText('This image could not be loaded: check the path.')).toBeVisible();
  await image.fill('/media/merchants/10019/promo.svg');
  await expect(main.getByRole('img', { name: 'Preview of the image' })).toBeVisible();

  const link = main.getByRole('group', { name: 'Part 3' }).getByLabel(/^Link to/);
  await link.fill('javascript:alert(1)');
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(link).toHaveAccessibleDescription(/must be an https:, http:, mailto: or tel: link, or a page of this site/);
  await expectAxeClean(page, 'banner form with a bad link');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'before publishing' })).toContainText(
    'Part 3 › Content › Link to must be an https:, http:, mailto: or tel: link',
  );
  await link.fill('mailto:help@greenleaf.example');
  await expect(link).not.toHaveAttribute('aria-invalid', 'true');
  // The invalid draft was saved (no edit is lost); the fixed one replaces it.
  await expect(page.getByText('All changes saved')).toBeVisible();
});
