// Shared steps of the page editor's browser tests.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

import { PORT } from './worker-server.ts';

export { PORT };
export const url = (partner: string, path = '/') => `http://${partner}.localhost:${PORT}${path}`;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Axe over the editor screen and the member pages in its preview frames. */
export async function expectAxeClean(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

/**
 * Signs in through the editor's own form: editor@<partner>.example / editor-<partner>-2026, or the
 * partner's second demo editor (editor2@...).
 */
export async function signInToEditor(page: Page, partner: string, who: 'editor' | 'editor2' = 'editor'): Promise<void> {
  await page.goto(url(partner, '/editor'));
  await expect(page.getByRole('heading', { name: 'Sign in to edit' })).toBeVisible();
  await page.getByLabel('Email').fill(`${who}@${partner}.example`);
  await page.getByLabel('Password').fill(`${who}-${partner}-2026`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/**
 * Opens a page layout (Home or Discover) in the visual editor. The editor names pages by what members
 * see ("Home (/)" on a partner whose `/` shows the discover layout), with the layout's name below.
 */
export async function openLayout(page: Page, name: 'Home' | 'Discover'): Promise<void> {
  await page.getByRole('link', { name: new RegExp(`${name} layout$`) }).click();
  await expect(page.getByRole('list', { name: 'Blocks on this page' })).toBeVisible();
}

/** Block ids of the outline, top to bottom. */
export function outlineIds(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Blocks on this page' })
    .locator('li[data-block-id]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-block-id') ?? ''));
}

/** Drags with the mouse, in small steps, from one element's middle to just above another's. */
export async function dragAbove(page: Page, handle: Locator, target: Locator): Promise<void> {
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
