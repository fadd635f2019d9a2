// Footer and announcement banner (spec 000 §2) in a real browser.
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, entry, quietNotices, url, withCms } from './frame-helpers.ts';

test.use(NO_SERVICE_WORKER);

const FOOTER = {
  '*': [
    entry('footer', {
      primary_links: [
        { text: 'How it works', url: '/how-it-works' },
        { text: 'Partner site', url: 'https://partner.example/' },
      ],
      secondary_links: [
        { text: 'Terms of use', url: '/terms' },
        { text: 'Privacy', url: '/privacy' },
      ],
      copyright: '© {currentYear} Programme owner',
      disclaimer: '<p>Rewards post within <strong>6-8 weeks</strong>. <a href="/terms">Terms apply</a>.</p>',
    }),
  ],
};

const footer = (page: Page) => page.getByRole('contentinfo');

test.beforeEach(async ({ context }) => {
  await quietNotices(context);
});

test('links, copyright, disclaimer, logo chain and store badges', async ({ page }) => {
  await withCms(page, FOOTER);
  await page.goto(url('skyline', '/search'));
  await expect(footer(page).getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/how-it-works');
  await expect(footer(page).getByRole('link', { name: 'Partner site' })).toHaveAttribute('href', 'https://partner.example/');
  await expect(footer(page).getByRole('link', { name: 'Terms of use' })).toBeVisible();
  await expect(footer(page).getByText(`© ${new Date().getFullYear()} Programme owner`)).toBeVisible();
  await expect(footer(page).locator('strong', { hasText: '6-8 weeks' })).toBeVisible();
  await expect(footer(page).getByRole('img', { name: 'Skyline SkyDining' })).toBeVisible();
  await expect(footer(page).getByRole('img', { name: 'Menuboard' })).toBeVisible();
  await expect(footer(page).getByRole('link', { name: /Download on the App Store/ })).toHaveAttribute('href', /apps\.apple\.com/);
  await expect(footer(page).getByRole('link', { name: /Get it on Google Play/ })).toHaveAttribute('href', /play\.google\.com/);

  await footer(page).getByRole('link', { name: 'How it works' }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
});

test('support email: an address is a mailto link, a web address opens in a new tab; phone is a tel link', async ({ page }) => {
  await page.goto(url('greenleaf', '/search'));
  await expect(footer(page).getByRole('link', { name: 'help@greenleaf.example' })).toHaveAttribute('href', 'mailto:help@greenleaf.example');
  await expect(footer(page).getByRole('link', { name: '1-800-555-0133' })).toHaveAttribute('href', 'tel:+18005550133');
  await page.goto(url('harbor', '/search'));
  const contact = footer(page).getByRole('link', { name: /Contact Harbor Rewards/ });
  await expect(contact).toHaveAttribute('href', 'https://harbor.example/contact');
  await expect(contact).toHaveAttribute('target', '_blank');
  await expect(contact).toHaveAttribute('rel', /noopener/);
});

test('partner and network logos hidden for the partner with hideFooterLogos (greenleaf)', async ({ page }) => {
  await page.goto(url('greenleaf', '/search'));
  await expect(footer(page)).toBeVisible();
  await expect(footer(page).getByRole('img', { name: 'Menuboard' })).toHaveCount(0);
  await expect(footer(page).getByRole('img', { name: 'Greenleaf Cash Back Dining' })).toHaveCount(0);
});

test('store badges hidden inside the native app', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36 MenuboardApp/5.0.0',
  });
  await quietNotices(context);
  const page = await context.newPage();
  await page.goto(url('skyline', '/search'));
  await expect(footer(page)).toBeVisible();
  await expect(footer(page).getByRole('link', { name: /App Store/ })).toHaveCount(0);
  await expect(footer(page).getByRole('link', { name: /Google Play/ })).toHaveCount(0);
  await context.close();
});

test('announcement banner: text and links from the CMS, and its tooltip as a disclosure', async ({ page }) => {
  await withCms(page, {
    announcement_banner: [
      entry('spring', {
        banner_copy: [
          { type: 'text', copy: 'Earn 3x on weekend brunch.' },
          { type: 'link', copy: 'See offers', url: '/earn' },
          { type: 'link', copy: 'Full terms', url: 'https://partner.example/terms', new_tab: true },
        ],
        tooltip_copy: 'Offer valid Saturdays and Sundays until June 30.',
      }),
    ],
  });
  await page.goto(url('skyline', '/search'));
  const banner = page.getByRole('region', { name: 'Announcement' });
  await expect(banner).toContainText('Earn 3x on weekend brunch. See offers Full terms');
  await expect(banner.getByRole('link', { name: 'See offers' })).toHaveAttribute('href', '/earn');
  const terms = banner.getByRole('link', { name: /Full terms/ });
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(terms).toHaveAccessibleName('Full terms (opens in a new tab)');

  const details = banner.getByRole('button', { name: 'Details' });
  await expect(banner.getByText('Offer valid Saturdays')).toBeHidden();
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(banner.getByText('Offer valid Saturdays and Sundays until June 30.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(banner.getByText('Offer valid Saturdays')).toBeHidden();
  await expect(details).toBeFocused();

  await banner.getByRole('link', { name: 'See offers' }).click();
  await expect(page).toHaveURL(/\/earn$/);
});

test('skip link moves to the main content', async ({ page }) => {
  await page.goto(url('skyline', '/search'));
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // The first Tab of a person who waits for the page to appear.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(skip).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await skip.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});
