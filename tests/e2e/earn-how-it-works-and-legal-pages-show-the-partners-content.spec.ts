// Earn, explanation and legal pages (spec 000 §2 /earn, /earn/{slug}, /how-it-works; /terms and
// /privacy from the CMS legal group) on two partners at desktop and phone widths: the seeded CMS
// content shows, links lead on, an unknown slug is Not Found, and every page is axe clean.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, quietNotices, url } from './frame-helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Per partner: programme name, currency wording and the seeded new-member bonus headline. */
const PARTNERS = {
  skyline: {
    program: 'Skyline SkyDining',
    currency: 'miles',
    bonus: 'Earn 1,000 bonus miles on your first dine',
    intro: /Turn dinners into trips/,
    // New member, how earning works, reservation terms, reservation bonus, VIP, this is big, special offers.
    offers: 7,
    reservations: true,
  },
  greenleaf: {
    program: 'Greenleaf Cash Back Dining',
    currency: 'cash back',
    bonus: 'Earn $10 bonus cash back on your first dine',
    intro: /Get money back when you eat out/,
    // No reservations and no VIP here: those pages are left out.
    offers: 4,
    reservations: false,
  },
} as const;

test.use(NO_SERVICE_WORKER);
test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

for (const [partner, expected] of Object.entries(PARTNERS)) {
  for (const width of [1280, 375]) {
    test.describe(`${partner} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('/earn lists the offers under the earn banner text, and each card opens its page', async ({ page }) => {
        await page.goto(url(partner, '/earn'));
        await expect(page.getByRole('heading', { level: 1, name: `Ways to earn ${expected.currency}` })).toBeVisible();
        await expect(page).toHaveTitle(`Ways to earn | ${expected.program}`);
        const offers = page.getByRole('region', { name: 'Offers and bonuses' });
        await expect(offers.getByRole('listitem')).toHaveCount(expected.offers);
        await expectAxeClean(page);
        await offers.getByRole('link', { name: 'New member bonus' }).click();
        await expect(page).toHaveURL(url(partner, '/earn/new-member-bonus'));
        await expect(page.getByRole('heading', { level: 1, name: expected.bonus })).toBeVisible();
        await expect(page).toHaveTitle(`New member bonus | ${expected.program}`);
      });

      test('/earn/{slug}: main and side columns, disclaimer, axe clean; the reservation terms live at /earn/reservations', async ({
        page,
      }) => {
        await page.goto(url(partner, '/earn/new-member-bonus'));
        await expect(page.getByRole('heading', { level: 2, name: `Welcome to ${expected.program}` })).toBeVisible();
        await expect(page.getByRole('complementary', { name: 'Good to know' }).getByRole('heading', { name: 'Quick facts' })).toBeVisible();
        await expect(page.getByRole('region', { name: 'Terms and conditions' })).toContainText('Bonus available to new members only');
        await expectAxeClean(page);
        await page.goto(url(partner, '/earn/reservations'));
        if (!expected.reservations) {
          await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
          return;
        }
        await expect(page).toHaveTitle(`Reservation terms | ${expected.program}`);
        await expect(page.getByRole('heading', { level: 2, name: 'Book online' })).toBeVisible();
        await page.getByRole('link', { name: 'All ways to earn' }).click();
        await expect(page).toHaveURL(url(partner, '/earn'));
      });

      test('an unknown /earn slug is the Not Found page', async ({ page }) => {
        await page.goto(url(partner, '/earn/no-such-offer'));
        await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
        await expect(page).toHaveTitle(`Page Not Found | ${expected.program}`);
        await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
        await expectAxeClean(page);
      });

      test('/how-it-works explains the programme in its currency, with answers that open', async ({ page }) => {
        await page.goto(url(partner, '/how-it-works'));
        await expect(page.getByRole('heading', { level: 1, name: `How ${expected.program} works` })).toBeVisible();
        await expect(page.getByText(expected.intro)).toBeVisible();
        await expect(page.getByRole('heading', { level: 3, name: `Earn ${expected.currency}` })).toBeVisible();
        const answer = page.getByText('You earn on the pre-tax, pre-tip subtotal');
        await expect(answer).toBeHidden();
        await page.getByText('Do tax and tip count?').click();
        await expect(answer).toBeVisible();
        await expectAxeClean(page);
        await page.getByRole('main').getByRole('link', { name: 'See offers and bonuses' }).first().click();
        await expect(page).toHaveURL(url(partner, '/earn'));
      });

      test('/terms and /privacy show the partner legal text and link to each other', async ({ page }) => {
        await page.goto(url(partner, '/terms'));
        await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
        await expect(page.getByText(`The rules of ${expected.program}`)).toBeVisible();
        await expect(page.getByText('Last updated January 15, 2026')).toBeVisible();
        await expectAxeClean(page);
        await page.getByRole('complementary', { name: 'Related' }).getByRole('link', { name: 'Privacy Policy' }).click();
        await expect(page).toHaveURL(url(partner, '/privacy'));
        await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
        await expect(page).toHaveTitle(`Privacy Policy | ${expected.program}`);
        await expect(page.getByRole('heading', { level: 2, name: 'What we collect' })).toBeVisible();
        await expectAxeClean(page);
      });
    });
  }
}

test('the footer legal links lead to the legal pages', async ({ page }) => {
  // greenleaf: no other browser test publishes its legal pages (metro's terms are republished by the
  // scheduled-publish test, which may run first).
  await page.goto(url('greenleaf', '/'));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});
