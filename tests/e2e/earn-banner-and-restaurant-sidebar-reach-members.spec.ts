// The two CMS texts that editors could edit and members never saw now have a page: the earn
// banner (earn_banner group) on every offer page /earn/{slug}, and the restaurant page's sidebar
// entry (sidebar group, slug merchant) on every restaurant page. Placeholders are filled from the
// partner's settings; an entry whose features the partner lacks stays hidden (openplate has no
// cards, so no earn banner, but its own restaurant text). At 375 and 1280 px, with axe checks.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { quietNotices, url } from './frame-helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectAxeClean(page: Page): Promise<void> {
  const found = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(found.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('skyline: an offer page says how earning works, in miles; the restaurant page says how to earn there', async ({ page }) => {
      await page.goto(url('skyline', '/earn/how-it-works'));
      const banner = page.getByRole('region', { name: 'How earning works' });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('listitem')).toHaveText([
        'Earn miles at participating restaurants, bars and cafés.',
        'Link your card once and earn automatically, every time you dine.',
        /^Current earning levels: .*miles/,
      ]);
      await expect(banner).not.toContainText('{');
      await expectAxeClean(page);
      await page.screenshot({ path: `docs/screenshots/earn-banner-${width}.png`, fullPage: true });

      await page.goto(url('skyline', '/merchants/10003'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const aside = page.getByRole('region', { name: 'Good to know' });
      await expect(aside.getByRole('heading', { name: 'How to earn here' })).toBeVisible();
      await expect(aside).toContainText('Pay the full bill with a linked card.');
      await aside.getByRole('link', { name: 'Read the earning rules' }).click();
      await expect(page).toHaveURL(/\/earn\/how-it-works$/);
      await page.goto(url('skyline', '/merchants/10003'));
      await expect(page.getByRole('region', { name: 'Good to know' })).toBeVisible();
      await expectAxeClean(page);
      await page.getByRole('region', { name: 'Good to know' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `docs/screenshots/restaurant-sidebar-${width}.png` });
    });

    test('openplate (no cards): no earn banner on its offer pages, and its own restaurant text with its name filled in', async ({
      page,
    }) => {
      await page.goto(url('openplate', '/earn/how-it-works'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'How earning works' })).toHaveCount(0);
      await expect(page.getByText('Link your card once')).toHaveCount(0);

      await page.goto(url('openplate', '/merchants/10003'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const aside = page.getByRole('region', { name: 'Good to know' });
      await expect(aside.getByRole('heading', { name: 'Before you go' })).toBeVisible();
      await expect(aside).not.toContainText('{programName}');
      await expect(aside).not.toContainText('linked card');
      await expectAxeClean(page);
    });
  });
}
