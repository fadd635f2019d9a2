// A closed account cannot earn until it re-enrols: its account centre and footer offer no links
// about VIP status or the reservation bonus and no announcement bar, and keep the ones that explain earning (decision
// docs/decisions/2026-11-28-closed-accounts-earning-links.md). skyline (VIP and reservation bonus)
// and metro (neither), at 375 and 1280 px; a skyline card member still gets the links.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { quietNotices, signIn, url } from './frame-helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

const earning = (page: Page) => page.getByRole('main').getByRole('navigation', { name: 'Earning' });
const footer = (page: Page) => page.getByRole('contentinfo');

for (const width of [375, 1280]) {
  test.describe(`${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('skyline closed account: no VIP status or reservation bonus links, earning still explained', async ({ page }) => {
      await signIn(page.request, 'skyline', 'closed@skyline.example');
      await page.goto(url('skyline', '/account/overview'));
      await expect(page.getByText('Your linked card was deleted, so your account is closed.').first()).toBeVisible();
      await expect(earning(page).getByRole('link', { name: 'How earning works' })).toHaveAttribute('href', '/earn/how-it-works');
      await expect(earning(page).getByRole('link', { name: 'VIP status' })).toHaveCount(0);
      await expect(earning(page).getByRole('link', { name: 'Reservation bonus' })).toHaveCount(0);
      await expect(footer(page).getByRole('link', { name: 'Find restaurants' })).toBeVisible();
      await expect(footer(page).getByRole('link', { name: 'VIP status' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /VIP status|Reservation bonus/ })).toHaveCount(0);
      // The announcement bar offers triple miles on weeknights: nothing a closed account can earn.
      await expect(page.getByRole('region', { name: 'Announcement' })).toHaveCount(0);
      await expect(page.getByText('Triple miles on weeknight dinners')).toHaveCount(0);
      const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
    });

    test('skyline card member: the same links are offered', async ({ page }) => {
      await signIn(page.request, 'skyline', 'card0@skyline.example');
      await page.goto(url('skyline', '/account/overview'));
      await expect(earning(page).getByRole('link', { name: 'VIP status' })).toHaveAttribute('href', '/earn/vip-upgrade');
      await expect(earning(page).getByRole('link', { name: 'Reservation bonus' })).toHaveAttribute('href', '/earn/reservation-bonus');
      await expect(footer(page).getByRole('link', { name: 'VIP status' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Announcement' }).getByRole('link', { name: 'See the offer' })).toBeVisible();
    });

    // metro's closed account: auth-direct re-enrols greenleaf's in the same run, and no test changes metro's.
    test('metro closed account: the earning links that explain stay', async ({ page }) => {
      await signIn(page.request, 'metro', 'closed@metro.example');
      await page.goto(url('metro', '/account/overview'));
      await expect(page.getByText('Your linked card was deleted, so your account is closed.').first()).toBeVisible();
      await expect(earning(page).getByRole('link', { name: 'How earning works' })).toHaveAttribute('href', '/earn/how-it-works');
      await expect(earning(page).getByRole('link', { name: 'Current offers' })).toHaveAttribute('href', '/earn');
      await expect(page.getByRole('link', { name: /VIP|reservation bonus/i })).toHaveCount(0);
      // The footer's links about joining stay: they are for everyone who reads the footer.
      await expect(footer(page).getByRole('link', { name: 'New member bonus' })).toBeVisible();
      await expect(footer(page).getByRole('link').first()).toBeVisible();
    });
  });
}
