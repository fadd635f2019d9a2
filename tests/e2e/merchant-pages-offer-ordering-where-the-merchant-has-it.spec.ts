// Ordering from the merchant page (spec 001 §2): the order dialog with internal and external
// ordering and the subtotal-only note, the /merchants/{id}/Order page, and merchants without online
// ordering; axe clean with the dialog open; on two partners at desktop and phone widths.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { quietNotices } from './frame-helpers.ts';

import { PORT } from './worker-server.ts';

const origin = (partner: string) => `http://${partner}.localhost:${PORT}`;
const SKYLINE = origin('skyline');

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

for (const partner of ['skyline', 'greenleaf'] as const) {
  for (const width of [1280, 375]) {
    test.describe(`${partner} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('internal ordering: the dialog leads to the Order page with the merchant’s options', async ({ page }) => {
        await page.goto(`${origin(partner)}/merchants/10015`);
        await page.getByRole('button', { name: 'Start an order' }).click();
        const dialog = page.getByRole('dialog', { name: 'Order from Momo Ramen' });
        await expect(dialog.getByRole('link', { name: 'Order on momo-ramen.example' })).toHaveAttribute(
          'href',
          'https://www.momo-ramen.example/order',
        );
        await expect(dialog.getByText('Order benefits apply to the subtotal only (before tax, tip and fees).')).toBeVisible();
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
        expect(results.violations.map((v) => v.id)).toEqual([]);
        await dialog.getByRole('link', { name: 'Order ahead here' }).click();
        await expect(page).toHaveURL(/\/merchants\/10015\/Order$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Order from Momo Ramen' })).toBeVisible();
        await expect(page).toHaveTitle(/^Order from Momo Ramen/);
        await expect(page.getByRole('link', { name: 'Order on momo-ramen.example' })).toBeVisible();
      });
    });
  }
}

test('external-only ordering has no in-app option; merchants without ordering have no order section', async ({ page }) => {
  await page.goto(`${SKYLINE}/merchants/10003`);
  await page.getByRole('button', { name: 'Start an order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order from Driftwood Fish House' });
  await expect(dialog.getByRole('link', { name: 'Order on driftwood-fish-house.example' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Order ahead here' })).toHaveCount(0);
  await page.goto(`${SKYLINE}/merchants/10006`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cartagena Kitchen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start an order' })).toHaveCount(0);
});

test('the Order page of an unknown merchant is Not Found', async ({ page }) => {
  await page.goto(`${SKYLINE}/merchants/no-such-place/Order`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});
