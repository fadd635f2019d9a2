// Merchant detail page (spec 001 §2 "Merchant detail", §6): what anonymous visitors, tier-0 and
// tier-2 members see on two partners at desktop and phone widths; an exclusive location's unlock
// dialog; review paging; an unknown id's Not Found page; axe clean.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { quietNotices, signIn as apiSignIn } from './frame-helpers.ts';
import { PORT } from './worker-server.ts';

const PASSWORD = 'Dining-2026!';
const origin = (partner: string) => `http://${partner}.localhost:${PORT}`;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** 10006 has menu images, events and reviews; 10011's only campaign is the VIP bonus (tier 3). */
const FULL = { id: '10006', name: 'Cartagena Kitchen' };
const VIP_ONLY = { id: '10011', name: 'Gaslight Kitchen' };

const signIn = (page: Page, partner: string, who: 'card0' | 'card2') =>
  apiSignIn(page.request, partner, `${who}@${partner}.example`, PASSWORD);

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectDetailSections(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: FULL.name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page).toHaveTitle(new RegExp(`^${FULL.name} \\|`));
  await expect(page.getByText('208 Madison Ave, New York, NY 10021')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Map of Cartagena Kitchen/ })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Tue' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Menu page 1 of 1' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
  await expect(page.getByText('109 ratings', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming events' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Event terms' })).toBeVisible();
}

/** Each partner's earn-rate copy by tier (partners/<id>/copy.json). */
const EARN = { skyline: [/^Earn 1 mile per \$2$/, /^Earn 3 .* per \$1$/], greenleaf: [/^Earn 2% /, /^Earn 5% /] } as const;

for (const partner of ['skyline', 'greenleaf'] as const) {
  const [tier0Earn, tier2Earn] = EARN[partner];
  for (const width of [1280, 375]) {
    test.describe(`${partner} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('anonymous: the merchant page with a sign-in prompt instead of offers, axe clean', async ({ page }) => {
        await page.goto(`${origin(partner)}/merchants/${FULL.id}`);
        await expectDetailSections(page);
        const signInLink = page.getByRole('main').getByRole('link', { name: 'Sign in to see offers' });
        await expect(signInLink).toHaveAttribute('href', '/login');
        await expect(page.getByText(/per \$/)).toHaveCount(0);
        await expectAxeClean(page);
      });

      test('tier-0 member: the tier-0 earn rate with the offer terms', async ({ page }) => {
        await signIn(page, partner, 'card0');
        await page.goto(`${origin(partner)}/merchants/${FULL.id}`);
        await expect(page.getByRole('heading', { level: 1, name: FULL.name })).toBeVisible();
        const offers = page.getByRole('region', { name: 'Your offers here' });
        await expect(offers.getByText(tier0Earn)).toBeVisible();
        await expect(offers.getByText(/Max visits per month/)).toBeVisible();
        await expect(page.getByRole('link', { name: 'Sign in to see offers' })).toHaveCount(0);
        await expectAxeClean(page);
      });

      test('tier-2 member: the tier-2 earn rate; a VIP-only location offers to unlock access where there is VIP', async ({ page }) => {
        await signIn(page, partner, 'card2');
        await page.goto(`${origin(partner)}/merchants/${FULL.id}`);
        await expect(page.getByRole('region', { name: 'Your offers here' }).getByText(tier2Earn)).toBeVisible();
        await page.goto(`${origin(partner)}/merchants/${VIP_ONLY.id}`);
        await expect(page.getByRole('heading', { level: 1, name: VIP_ONLY.name })).toBeVisible();
        if (partner === 'greenleaf') {
          // greenleaf has no VIP programme: there is no way up to tier 3, so nothing is offered to unlock.
          await expect(page.getByRole('region', { name: 'Your offers here' })).toHaveCount(0);
          await expect(page.getByRole('button', { name: 'Unlock access to earn' })).toHaveCount(0);
        } else {
          await page.getByRole('button', { name: 'Unlock access to earn' }).click();
          const dialog = page.getByRole('dialog');
          await expect(dialog.getByRole('heading', { name: 'Unlock VIP access' })).toBeVisible();
        }
        await expectAxeClean(page);
      });
    });
  }
}

test('reviews page on, and the first page comes back', async ({ page }) => {
  await page.goto(`${origin('skyline')}/merchants/${FULL.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Page 1 of 2')).toBeVisible();
  const firstAuthor = await reviews.getByRole('listitem').first().locator('strong').textContent();
  await reviews.getByRole('button', { name: 'Next' }).click();
  await expect(reviews.getByText('Page 2 of 2')).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Next' })).toBeDisabled();
  await reviews.getByRole('button', { name: 'Previous' }).click();
  await expect(reviews.getByRole('listitem').first().locator('strong')).toHaveText(firstAuthor ?? '');
});

test('an unknown merchant id shows Not Found', async ({ page }) => {
  await page.goto(`${origin('skyline')}/merchants/no-such-place`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/^Page not found/i);
  await expect(page.getByRole('region', { name: 'Your offers here' })).toHaveCount(0);
});
