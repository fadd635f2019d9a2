// The page editor lives at /editor on each partner host, as its own entry (the
// member page loads none of its code), under the member shell's security headers; an editor signs
// in with its account, sees its own partner only, and signs out.
import { expect, test } from '@playwright/test';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

test('an editor signs in at /editor, sees the content of its own partner, and signs out; axe clean', async ({ page }) => {
  const response = await page.goto(url('skyline', '/editor'));
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self' 'nonce-");
  expect(headers['content-security-policy']).not.toContain('unsafe-eval');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('heading', { name: 'Sign in to edit' })).toBeVisible();
  await expectAxeClean(page, 'sign-in');

  // A wrong password keeps what was typed and says so.
  await page.getByLabel('Email').fill('editor@skyline.example');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page.getByLabel('Email')).toHaveValue('editor@skyline.example');

  await signInToEditor(page, 'skyline');
  await expect(page.getByRole('banner')).toContainText('Skyline');
  // The editor opens on the site's pages, each with its address.
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('row', { name: /^Home \(\/\)/ })).toContainText('/discover');
  await expectAxeClean(page, 'page list');
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Welcome (visitors)' })).toBeVisible();
  await expectAxeClean(page, 'content list');

  // The session is skyline's: the same browser on another partner's editor is asked to sign in.
  await page.goto(url('harbor', '/editor'));
  await expect(page.getByRole('heading', { name: 'Sign in to edit' })).toBeVisible();

  await page.goto(url('skyline', '/editor/content/global'));
  await expect(page.getByRole('heading', { level: 1, name: /Site-wide/ })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to edit' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to edit' })).toBeVisible();
});

test('the member page loads none of the editor, and its bootstrap carries none of the editor copy', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(url('skyline', '/'));
  await expect(page.getByRole('main')).toBeVisible();
  const editorPage = await (await page.request.get(url('skyline', '/editor'))).text();
  const editorEntry = /src="(\/assets\/editor-[^"]+\.js)"/.exec(editorPage)?.[1];
  expect(editorEntry).toBeTruthy();
  expect(scripts).not.toContain(editorEntry);
  expect(scripts.some((s) => s.includes('editor'))).toBe(false);
  const bootstrap = await page.locator('#mb-bootstrap').textContent();
  expect(bootstrap).not.toContain('"editor.');
});
