// Partner-loaded cards (spec 001 §2, §4, §5, §7) on metro, in real Chromium against the production
// build: the seeded fleet@metro.example has 14 cards on file (src/server/seed/members.ts), more than
// the 12 one registration takes. It signs in at /login, ticks 12 at /add_card (the other two are
// disabled and the warning shows), completes the captcha on the providers origin and links them
// without typing a number; step 3 lists the 12 and the list on file keeps the 2 left.
// Elements are found by role and visible text. The test links the member's cards, so it runs once
// per e2e server (each run starts from a fresh database).
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { NO_SERVICE_WORKER, PASSWORD, quietNotices, url } from './frame-helpers.ts';
import { clientAddress, completeCaptcha, signInWithForm } from './auth-helpers.ts';

const P = 'metro';
const EMAIL = 'fleet@metro.example';
const MAX_WARNING = 'You can link up to 12 cards at a time.';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
// The seed's fleet cards in their order: the first 12 are linked, the last 2 stay on file.
const FLEET = [
  'Visa ending in 0101',
  'Visa ending in 0202',
  'Mastercard ending in 0303',
  'Mastercard ending in 0404',
  'American Express ending in 0505',
  'Discover ending in 0606',
  'Visa ending in 0707',
  'Mastercard ending in 0808',
  'Visa ending in 0909',
  'American Express ending in 1010',
  'Mastercard ending in 1111',
  'Discover ending in 1212',
  'Visa ending in 1313',
  'Mastercard ending in 1414',
];

test.use(NO_SERVICE_WORKER);

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
  // Its own client address, so the per-address sign-in limit counts this test's attempts only.
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

test('a fleet member ticks 12 of 14 cards on file and links them', async ({ page }) => {
  await page.goto(url(P, '/login'));
  expect(await signInWithForm(page, EMAIL, PASSWORD)).toBe(200);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(url(P, '/add_card'));
  const main = page.getByRole('main');
  await expect(main.getByText('Step 2 of 3 · Add a card')).toBeVisible();
  const checklist = main.getByRole('group', { name: 'Your cards on file' });
  await expect(checklist).toBeVisible();
  const boxes = checklist.getByRole('checkbox');
  await expect(boxes).toHaveCount(14);
  for (const [i, name] of FLEET.entries()) await expect(boxes.nth(i)).toHaveAccessibleName(name);
  await expect(main.getByText(/^Do not refresh, /)).toHaveCount(0);

  // With cards on file no typed card is needed, but one must be chosen (and the captcha done).
  const submit = main.getByRole('button', { name: 'Link card' });
  await expect(submit).toBeDisabled();
  await expect(main.getByText('Choose a card or enter a card number, and complete the security check to continue.')).toBeVisible();

  for (const name of FLEET.slice(0, 11)) await checklist.getByRole('checkbox', { name }).check();
  await expect(checklist.getByText(MAX_WARNING)).toHaveCount(0);
  await checklist.getByRole('checkbox', { name: FLEET[11] }).check();
  await expect(checklist.getByRole('status')).toHaveText(MAX_WARNING);
  for (const name of FLEET.slice(0, 12)) {
    await expect(checklist.getByRole('checkbox', { name })).toBeChecked();
    await expect(checklist.getByRole('checkbox', { name })).toBeEnabled();
  }
  for (const name of FLEET.slice(12)) {
    await expect(checklist.getByRole('checkbox', { name })).toBeDisabled();
    await expect(checklist.getByRole('checkbox', { name })).not.toBeChecked();
  }

  // Unticking one frees the others again; ticking it back restores the limit.
  await checklist.getByRole('checkbox', { name: FLEET[0] }).uncheck();
  await expect(checklist.getByRole('checkbox', { name: FLEET[13] })).toBeEnabled();
  await expect(checklist.getByText(MAX_WARNING)).toHaveCount(0);
  await checklist.getByRole('checkbox', { name: FLEET[0] }).check();
  await expect(checklist.getByRole('checkbox', { name: FLEET[13] })).toBeDisabled();

  await completeCaptcha(page);
  await main.getByRole('checkbox', { name: /I authorize Metro Dining Credits to monitor activity/ }).check();
  await expect(submit).toBeEnabled();
  expect((await new AxeBuilder({ page }).withTags(TAGS).analyze()).violations.map((v) => v.id)).toEqual([]);

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/Member/Cards') && r.request().method() === 'POST');
  await submit.click();
  const response = await answer;
  // The ticked cards went by their partner ids, with no card number.
  const sent = (response.request().postDataJSON() as { creditCards: Array<Record<string, string>> }).creditCards;
  expect(sent).toHaveLength(12);
  for (const entry of sent) {
    expect(Object.keys(entry).sort()).toEqual(['cardType', 'lastFour', 'partnerCardId']);
  }
  expect(response.status()).toBe(200);

  await expect(page).toHaveURL(url(P, '/card_added'));
  await expect(page.getByRole('heading', { level: 1, name: "You're all set!" })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Linked cards' }).getByRole('listitem')).toHaveText(FLEET.slice(0, 12));

  // The two left are still on file to link later.
  const left = await page.request.get(url(P, '/api/Cards/AllPartnerCards'));
  expect(left.status()).toBe(200);
  expect(((await left.json()) as Array<{ lastFour: string }>).map((c) => c.lastFour)).toEqual(['1313', '1414']);
});
