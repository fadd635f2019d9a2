// Every page that addresses a member agrees with their state: walks anonymous visitors, card members,
// members without a card and closed accounts through home, the account overview and a merchant page
// on skyline (miles, VIP) and greenleaf (cash back, no VIP), checking what each is offered. Members
// without a card get an account centre that leads with linking one (re-enrolment for a closed
// account) and nothing they cannot use: no referral, bonuses or VIP progress, their real tier's rate.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { forgetMember, quietNotices, signIn, signInSso, url } from './frame-helpers.ts';

const MERCHANT = '10003';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PARTNERS = {
  skyline: { rate: 'Earn 1 mile per $2', currency: 'miles' },
  greenleaf: { rate: 'Earn 2% cash back', currency: 'cash back' },
} as const;

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

const main = (page: Page) => page.getByRole('main');
const offers = (page: Page) => page.getByRole('region', { name: 'Your offers here' });

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Nothing a member without a card can use: referral, bonus offers, VIP progress, this year's rewards. */
async function expectNothingUnusable(page: Page): Promise<void> {
  await expect(main(page).getByRole('heading', { name: /^Share |referral/i })).toHaveCount(0);
  await expect(main(page).getByRole('textbox', { name: 'Your referral link' })).toHaveCount(0);
  await expect(main(page).getByRole('heading', { name: 'Available', exact: true })).toHaveCount(0);
  await expect(main(page).getByRole('heading', { name: 'Activated', exact: true })).toHaveCount(0);
  await expect(main(page).getByRole('meter')).toHaveCount(0);
  await expect(main(page).getByText(/away from VIP|Rewards earned in/)).toHaveCount(0);
}

for (const [partner, expected] of Object.entries(PARTNERS)) {
  test.describe(partner, () => {
    test('anonymous: sign-in prompts, no account centre, no "all set"', async ({ page }) => {
      await page.goto(url(partner, `/merchants/${MERCHANT}`));
      await expect(offers(page).getByRole('link', { name: 'Sign in to see offers' })).toBeVisible();
      await page.goto(url(partner, '/account/overview'));
      await expect(page).toHaveURL(/\/login$/);
      await page.goto(url(partner, '/card_added'));
      await expect(page).toHaveURL(url(partner, '/'));
      await expect(page.getByRole('heading', { name: "You're all set!" })).toHaveCount(0);
    });

    test('card member: the full account centre and their earn rate', async ({ page }) => {
      await signIn(page.request, partner, `card0@${partner}.example`);
      await page.goto(url(partner, '/'));
      await expect(main(page).getByRole('link', { name: 'Link a card' })).toHaveCount(0);
      await page.goto(url(partner, '/account/overview'));
      await expect(main(page).getByText(`${expected.rate} at participating restaurants`)).toBeVisible();
      await expect(main(page).getByRole('heading', { name: 'Available', exact: true })).toBeVisible();
      await page.goto(url(partner, `/merchants/${MERCHANT}`));
      await expect(offers(page).getByText(expected.rate)).toBeVisible();
    });

    for (const width of [1280, 375]) {
      test(`member without a card at ${width} px: leads with linking one, offers nothing else`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await signIn(page.request, partner, `noncard@${partner}.example`);
        await page.goto(url(partner, '/'));
        await expect(main(page).getByRole('link', { name: 'Link a card' }).first()).toBeVisible();
        await page.goto(url(partner, '/account/overview'));
        const first = main(page).getByRole('heading', { level: 2 }).first();
        await expect(first).toHaveText('Link a card to start earning');
        await expect(first).toBeInViewport();
        await expect(main(page).getByRole('link', { name: 'Link a card', exact: true })).toHaveAttribute('href', '/add_card');
        await expect(main(page).getByText(`With a linked card: ${expected.rate} at participating restaurants`)).toBeVisible();
        await expectNothingUnusable(page);
        await expectAxeClean(page);
        await page.goto(url(partner, `/merchants/${MERCHANT}`));
        await expect(offers(page).getByRole('link', { name: 'Link a card to earn here' })).toHaveAttribute('href', '/add_card');
        await expect(offers(page).getByText(expected.rate)).toHaveCount(0);
      });

      test(`closed account at ${width} px: re-enrolment first, the footer stays, nothing else offered`, async ({ page }) => {
        // greenleaf's one seeded closed account is reopened by the re-enrolment test (direct-members-join-sign-in-and-recover-in-the-browser.spec.ts),
        // which may run first: the closed state is checked on skyline's.
        test.skip(partner === 'greenleaf', "greenleaf's closed account is reopened by another browser test");
        await page.setViewportSize({ width, height: 900 });
        await signIn(page.request, partner, `closed@${partner}.example`);
        await page.goto(url(partner, '/'));
        await expect(main(page).getByText(/account is ready|one step away/i)).toHaveCount(0);
        await expect(main(page).getByRole('link', { name: 'Reopen my account' })).toHaveAttribute('href', '/account/overview');
        await page.goto(url(partner, '/account/overview'));
        const first = main(page).getByRole('heading', { level: 2 }).first();
        await expect(first).toHaveText('Link a card to keep earning');
        await expect(first).toBeInViewport();
        await expect(main(page).getByText('Your linked card was deleted, so your account is closed.')).toBeVisible();
        // The form leads the page, so the frame shows the footer, not a second form.
        await expect(page.getByRole('region', { name: 'Re-enrol' })).toHaveCount(0);
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await expect(main(page).getByText(`With a linked card: ${expected.rate} at participating restaurants`)).toBeVisible();
        await expectNothingUnusable(page);
        await expectAxeClean(page);
        if (partner === 'skyline') await page.screenshot({ path: `docs/screenshots/closed-account-overview-${width}.png`, fullPage: true });
        await page.goto(url(partner, `/merchants/${MERCHANT}`));
        await expect(offers(page).getByRole('link', { name: 'Link a card to earn here' })).toHaveAttribute('href', '/account/overview');
        await page.goto(url(partner, '/card_added'));
        await expect(page).toHaveURL(url(partner, '/account/overview'));
        await forgetMember(page);
      });
    }
  });
}

test("harbor card member: the home page has no prospect's sign-in-to-join steps", async ({ page }) => {
  await page.goto(url('harbor', '/'));
  await expect(
    main(page)
      .getByText(/Sign in with Harbor Rewards/)
      .first(),
  ).toBeVisible();
  await signInSso(page, 'harbor', 'card2@harbor.example');
  await page.goto(url('harbor', '/'));
  await expect(main(page).getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await expect(main(page).getByText(/Sign in with Harbor Rewards/)).toHaveCount(0);
});
