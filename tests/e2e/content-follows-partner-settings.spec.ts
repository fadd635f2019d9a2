// What members read is true for their partner: pages, offers and links of a switched-off feature
// are not there (VIP on harbor, greenleaf and metro; reservations on greenleaf and metro; cards and
// accounts on the city guide, openplate), and one bonus has one amount on every page.
import { expect, test } from '@playwright/test';
import { quietNotices, signIn, url } from './frame-helpers.ts';

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('VIP pages only where the partner has VIP (skyline yes, harbor no)', async ({ page }) => {
      await page.goto(url('skyline', '/earn'));
      await expect(page.getByRole('main').getByRole('link', { name: 'VIP status' }).first()).toBeVisible();
      await page.goto(url('harbor', '/earn'));
      await expect(page.getByRole('heading', { level: 2, name: 'Offers and bonuses' })).toBeVisible();
      await expect(page.getByText(/VIP/)).toHaveCount(0);
      await page.goto(url('harbor', '/earn/vip-upgrade'));
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    });

    test('reservation terms only where the partner takes bookings (harbor yes, metro and greenleaf no)', async ({ page }) => {
      await page.goto(url('harbor', '/earn/reservations'));
      await expect(page.getByRole('heading', { level: 1, name: 'Book a table online' })).toBeVisible();
      // harbor books tables but pays no reservation bonus: its terms promise none.
      await expect(page.getByRole('main')).not.toContainText(/bonus/i);
      for (const partner of ['metro', 'greenleaf']) {
        await page.goto(url(partner, '/'));
        const footer = page.getByRole('contentinfo');
        await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
        await expect(footer.getByRole('link', { name: /Reservation/ })).toHaveCount(0);
        await page.goto(url(partner, '/earn'));
        await expect(page.getByRole('heading', { level: 2, name: 'Offers and bonuses' })).toBeVisible();
        await expect(page.getByRole('main')).not.toContainText(/reserv|book online/i);
        await page.goto(url(partner, '/earn/reservations'));
        await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      }
    });

    test('the city guide (no accounts, no cards) promises neither on how-it-works, home or search', async ({ page }) => {
      for (const path of ['/how-it-works', '/', '/search?location=New%20York']) {
        await page.goto(url('openplate', path));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const main = page.getByRole('main');
        await expect(main, path).not.toContainText(/linked card|link a card|post to your account|your account|join/i);
      }
      await page.goto(url('openplate', '/how-it-works'));
      await expect(page.getByRole('heading', { level: 2, name: 'From first look to first bite' })).toBeVisible();
    });
  });
}

test('one new-member bonus, one amount: the earn page says what the account overview says (skyline, harbor)', async ({ page }) => {
  for (const [partner, amount] of [
    ['skyline', '1,000 bonus miles'],
    ['harbor', '1,000 bonus points'],
  ] as const) {
    await page.goto(url(partner, '/earn/new-member-bonus'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(amount);
    await expect(page.getByRole('main')).not.toContainText(/\b500 bonus/);
  }
  // greenleaf pays cash back: the same setting reads as dollars.
  await page.goto(url('greenleaf', '/earn/new-member-bonus'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Earn $10 bonus cash back');
  await signIn(page.request, 'skyline', 'card0@skyline.example');
  await page.goto(url('skyline', '/account/overview'));
  await expect(page.getByText(/Earn 1,000 bonus miles on your first dine/).first()).toBeVisible();
});
