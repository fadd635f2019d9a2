// The outline names each block whole, at a desktop and at a phone width: a banner by its whole
// title, a block's own text as about a sentence, who sees it in full; no line is cut off to fit.
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, openLayout, signInToEditor } from './editor-helpers.ts';

/** Texts of the outline's items that are wider than the room they are shown in (cut off). */
function cutOff(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Blocks on this page' })
    .locator('li[data-block-id] button[aria-pressed] span')
    .evaluateAll((spans) =>
      spans.filter((span) => span.children.length === 0 && span.scrollWidth > span.clientWidth + 1).map((span) => span.textContent ?? ''),
    );
}

for (const width of [1280, 375]) {
  test(`the outline shows every block's title and audience whole at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await signInToEditor(page, 'skyline');
    await openLayout(page, 'Discover');
    const outline = page.getByRole('list', { name: 'Blocks on this page' });
    await expect(outline.locator('li[data-block-id="reenrol"]')).toContainText('Closed account: link a card again');
    await expect(outline.locator('li[data-block-id="book"]')).toContainText(/Book a table, earn \S+ bonus miles/);
    await expect(outline.locator('li[data-block-id="browse"]')).toContainText('See every SkyDining restaurant');
    expect(await cutOff(page)).toEqual([]);
    await expectAxeClean(page, `outline at ${width} px`);
  });
}
