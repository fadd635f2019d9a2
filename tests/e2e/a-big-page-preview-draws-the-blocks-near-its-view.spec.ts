// A big page in the page editor: its preview frame draws the blocks near the frame's view and keeps
// the others as empty stand-ins (src/client/page/preview-window.ts), so the same-origin frame does
// not lay out, paint and layer the whole member page on every keystroke in the editor. A block
// selected far down the page is scrolled to, drawn, and shows the edits made to it.
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, signInToEditor, url } from './editor-helpers.ts';

const PARTNER = 'harbor';
const BLOCKS = 60;

/** A draft of harbor's discover layout with `count` blocks: its own blocks, repeated (through the editor's API). */
async function saveBigDraft(page: Page, count: number): Promise<void> {
  const status = await page.evaluate(async (n) => {
    const csrf = ((await (await fetch('/api/CSRF')).json()) as { csrfToken: string }).csrfToken;
    const entry = (await (await fetch('/api/cms/editor/entries/discover/page-layout')).json()) as {
      revision: number;
      draft: Record<string, unknown> | null;
      published: Record<string, unknown> | null;
    };
    const source = (entry.draft ?? entry.published) as { blocks: Record<string, unknown>; order: string[] };
    const blocks: Record<string, unknown> = {};
    const order: string[] = [];
    for (let i = 0; order.length < n; i++) {
      for (const id of source.order) {
        if (order.length >= n) break;
        blocks[`${id}-${i}`] = source.blocks[id];
        order.push(`${id}-${i}`);
      }
    }
    const res = await fetch('/api/cms/editor/entries/discover/page-layout', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf },
      body: JSON.stringify({ fields: { ...source, blocks, order }, base_revision: entry.revision }),
    });
    return res.status;
  }, count);
  expect(status, 'saving the big draft').toBe(200);
}

/**
 * Puts harbor's discover layout back as the seed has it, as the draft: the other browser tests of
 * the run edit this page by its blocks' ids and find none of the 60 copies.
 */
async function restoreDraft(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const csrf = ((await (await fetch('/api/CSRF')).json()) as { csrfToken: string }).csrfToken;
    const entry = (await (await fetch('/api/cms/editor/entries/discover/page-layout')).json()) as {
      revision: number;
      published: Record<string, unknown> | null;
    };
    const res = await fetch('/api/cms/editor/entries/discover/page-layout', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf },
      body: JSON.stringify({ fields: entry.published, base_revision: entry.revision }),
    });
    return res.status;
  });
  expect(status, 'restoring the draft').toBe(200);
}

test('a big page preview draws the blocks near its view and the one selected far down, with its edits', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToEditor(page, PARTNER);
  await saveBigDraft(page, BLOCKS);
  try {
    await drawsNearTheView(page);
  } finally {
    await restoreDraft(page);
  }
});

async function drawsNearTheView(page: Page): Promise<void> {
  await page.goto(url(PARTNER, '/editor/content/discover/page-layout'));
  const outline = page.getByRole('list', { name: 'Blocks on this page' });
  await expect(outline.locator('li[data-block-id]')).toHaveCount(BLOCKS);

  const preview = page.frameLocator('iframe[title="Preview of the member page"]');
  const previewBlocks = preview.locator('main [data-page-source] > [data-block-id], main [data-page-source] > * > [data-block-id]');
  await expect(previewBlocks).toHaveCount(BLOCKS, { timeout: 30_000 });
  const drawn = preview.locator('main [data-block-id]:not(:empty)');
  await expect(drawn.first()).toBeVisible();
  // Every block is on the page (clicks and the selection find it), but only those near the view are drawn.
  const drawnCount = await previewBlocks.evaluateAll((blocks) => blocks.filter((block) => block.childElementCount > 0).length);
  expect(drawnCount).toBeGreaterThan(0);
  expect(drawnCount).toBeLessThan(BLOCKS / 2);

  // The second-to-last run of the discover blocks: its carousel (each run's second block), far down.
  const ids = await outline
    .locator('li[data-block-id]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-block-id') ?? ''));
  const far = ids[BLOCKS - 5]!;
  const farInPreview = preview.locator(`main [data-block-id="${far}"]`);
  await expect(farInPreview).toBeEmpty();
  await outline.locator(`li[data-block-id="${far}"]`).locator('button[aria-pressed]').click();
  await expect(farInPreview).not.toBeEmpty({ timeout: 15_000 });

  const heading = page
    .getByRole('main')
    .getByLabel(/^Heading/)
    .first();
  await heading.fill('Far down the page');
  await expect(farInPreview.getByText('Far down the page').first()).toBeVisible({ timeout: 15_000 });
  await expectAxeClean(page, 'the editor with a big page in its preview');
}
