// Linked Cards (spec 001 §2 "Manage cards", §4 card deletion, §8): a demo member's cards are
// listed with the add-card form below the maximum; a fresh member links two cards through the
// secure frame, deletes one after confirming ("Deleting...", then the spec's message) and then the
// last one, which closes the account and signs them out: their next sign-in is re-enrolment.
// Airline (skyline, Mile) and credit (metro) partners, phone and desktop widths, axe clean.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, PASSWORD, gotoUntil, patchPartner, quietNotices, signIn, url } from './frame-helpers.ts';
import { cardFrame, completeCaptcha, enrolMember, luhnCardNumber, signInWithForm, typeCardNumber } from './auth-helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.use(NO_SERVICE_WORKER);

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const cardList = (page: Page) => page.getByRole('region', { name: 'Your linked cards' }).getByRole('listitem');

async function linkCard(page: Page, number: string): Promise<void> {
  const form = page.getByTestId('card-registration-form');
  await expect(cardFrame(page).getByRole('textbox', { name: /Card number/ })).toBeVisible();
  await typeCardNumber(page, number);
  const captcha = page.frameLocator('iframe[title="Security check"]').getByRole('checkbox', { name: "I'm not a robot" });
  if ((await captcha.getAttribute('aria-checked')) !== 'true') await completeCaptcha(page);
  const terms = form.getByRole('checkbox', { name: /to monitor activity on the linked card/ });
  if (!(await terms.isChecked())) await terms.check();
  await form.getByRole('button', { name: 'Link card' }).click();
}

for (const partner of ['skyline', 'metro']) {
  for (const width of [375, 1280]) {
    test(`${partner} at ${width}px: a member's cards are listed with the add-card form below the maximum`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page.request, partner, `card2@${partner}.example`);
      await page.goto(url(partner, '/account/manage_cards'));
      await expect(page.getByRole('heading', { level: 1, name: 'Linked Cards' })).toBeVisible();
      await expect(cardList(page)).toHaveCount(2);
      await expect(cardList(page).nth(0)).toContainText('Visa');
      await expect(cardList(page).nth(0)).toContainText('ending in 1111');
      await expect(cardList(page).nth(1)).toContainText('Mastercard');
      await expect(cardList(page).nth(1)).toContainText('ending in 4444');
      await expect(page.getByRole('button', { name: 'Delete Visa ending in 1111' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Link another card' })).toBeVisible();
      await expect(page.getByTestId('card-registration-form')).toBeVisible();
      await expect(cardFrame(page).getByRole('textbox', { name: /Card number/ })).toBeVisible();

      // The confirm dialog can be cancelled: nothing is deleted.
      await page.getByRole('button', { name: 'Delete Visa ending in 1111' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this card?' });
      await expect(dialog).toContainText('Visa ending in 1111 will stop earning');
      await expectAxeClean(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(cardList(page)).toHaveCount(2);

      await expectAxeClean(page);
      await page.screenshot({ path: `test-results/account-linked-cards-${partner}-${width}.png`, fullPage: true });
    });
  }

  test(`${partner}: link two cards, delete one after confirming, then the last one closes the account and signs out`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: partner === 'metro' ? 375 : 1280, height: 900 });
    const member = await enrolMember(partner, 'cards', { signedIn: page.request });
    await page.goto(url(partner, '/account/manage_cards'));
    await expect(page.getByText('You have no linked cards yet.')).toBeVisible();
    // With none linked, the form links a card, not "another" one.
    await expect(page.getByRole('heading', { name: 'Link a card' })).toBeVisible();

    const first = luhnCardNumber('4');
    const second = luhnCardNumber('51');
    await linkCard(page, first);
    await expect(page.getByText(`Linked: Visa ending in ${first.slice(-4)}.`)).toBeVisible();
    await expect(cardList(page)).toHaveCount(1);
    await linkCard(page, second);
    await expect(page.getByText(`Linked: Mastercard ending in ${second.slice(-4)}.`)).toBeVisible();
    await expect(cardList(page)).toHaveCount(2);

    // Delete one: confirm, "Deleting..." while it runs, then the spec's message and the card is gone.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/Member/Cards?id=*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: `Delete Visa ending in ${first.slice(-4)}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this card?' });
    await dialog.getByRole('button', { name: 'Delete card' }).click();
    await expect(cardList(page).filter({ hasText: first.slice(-4) })).toContainText('Deleting...');
    release();
    await expect(page.getByText(`Your card ending in ${first.slice(-4)} has been deleted.`)).toBeVisible();
    await expect(cardList(page)).toHaveCount(1);
    await expect(cardList(page)).toContainText(`ending in ${second.slice(-4)}`);
    await page.unroute('**/api/Member/Cards?id=*');

    // The last card: the dialog says what it means; deleting it signs the member out.
    await page.getByRole('button', { name: `Delete Mastercard ending in ${second.slice(-4)}` }).click();
    await expect(dialog).toContainText('is your last linked card');
    await dialog.getByRole('button', { name: 'Delete card' }).click();
    await expect(page.getByText(`Your card ending in ${second.slice(-4)} has been deleted.`)).toBeVisible();
    await expect(page).toHaveURL(url(partner, '/'));
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
    const me = await page.request.get(url(partner, '/api/Member'));
    expect(me.status()).not.toBe(200);

    // Signing in again leads to re-enrolment.
    await page.goto(url(partner, '/login'));
    expect(await signInWithForm(page, member.email, PASSWORD)).toBe(200);
    await expect(page.getByText('Your linked card was deleted, so your account is closed.')).toBeVisible();
  });
}

test('skyline: a failed delete keeps the card and says so', async ({ page }) => {
  await signIn(page.request, 'skyline', 'vip@skyline.example');
  await page.route('**/api/Member/Cards?id=*', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
  await page.goto(url('skyline', '/account/manage_cards'));
  await expect(cardList(page)).toHaveCount(1);
  const card = cardList(page).first();
  const lastFour = ((await card.textContent()) ?? '').match(/ending in (\d{4})/)?.[1] ?? '';
  await card.getByRole('button', { name: /^Delete / }).click();
  await page.getByRole('dialog', { name: 'Delete this card?' }).getByRole('button', { name: 'Delete card' }).click();
  await expect(page.getByText(`Your card ending in ${lastFour} can not be deleted, please try again later.`)).toBeVisible();
  await expect(cardList(page)).toHaveCount(1);
  await expect(page).toHaveURL(url('skyline', '/account/manage_cards'));
});

test('greenleaf at the maximum (partner.json maxLinkedCards): the notice replaces the add-card form', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await signIn(page.request, 'greenleaf', 'card2@greenleaf.example');
  const restore = patchPartner('greenleaf', { maxLinkedCards: 2 });
  try {
    const notice = page.getByText('You have reached the maximum of 2 linked cards. Delete a card to link another.');
    await gotoUntil(page, url('greenleaf', '/account/manage_cards'), async () => {
      await expect(cardList(page)).toHaveCount(2);
      return (await notice.count()) === 1;
    });
    await expect(notice).toBeVisible();
    await expect(page.getByTestId('card-registration-form')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(2);
    await expectAxeClean(page);
  } finally {
    restore();
  }
});
