// Reservation widget on the merchant page (spec 001 §2, §4-5, §8): availability states, a full
// booking, the sign-in interruption that comes back to the same merchant and time, the overlap
// error, the airline partner's reservation bonus line and analytics events; axe clean.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInWithForm } from './auth-helpers.ts';
import { quietNotices, signIn } from './frame-helpers.ts';

const PORT = Number(process.env.E2E_PORT ?? 3400);
const SKYLINE = `http://skyline.localhost:${PORT}`;
/** 10003 is bookable online (seeded restaurant id). */
const MERCHANT = '/merchants/10003';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

async function search(page: Page, date: string, party?: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Reserve a table' });
  await section.getByLabel('Date').fill(date);
  if (party) await section.getByLabel('Party size').selectOption(party);
  await section.getByRole('button', { name: 'Find a table' }).click();
}

/** Searches next week's evenings until one has tables; answers the section. */
async function findOpenEvening(page: Page, from = 8) {
  const section = page.getByRole('region', { name: 'Reserve a table' });
  for (let i = from; i < from + 10; i++) {
    await search(page, day(i));
    const slots = section.getByRole('list').getByRole('button');
    await expect(section.getByText(/Tables for|No tables/)).toBeVisible();
    if ((await slots.count()) > 1) return section;
  }
  throw new Error('no open evening');
}

test('defaults, the bonus line, availability states, axe clean', async ({ page }) => {
  await page.goto(`${SKYLINE}${MERCHANT}`);
  const section = page.getByRole('region', { name: 'Reserve a table' });
  await expect(section.getByLabel('Time')).toHaveValue('19:00');
  await expect(section.getByLabel('Party size')).toHaveValue('2');
  await expect(section.getByText('Earn 50 bonus miles when you book and dine.')).toBeVisible();
  await search(page, day(200));
  await expect(section.getByText('That date is too far ahead to book. Choose a date sooner.')).toBeVisible();
  await search(page, day(-1));
  await expect(section.getByText('That time is too soon to book online. Choose a later time.')).toBeVisible();
  await search(page, day(10), '20');
  await expect(section.getByText('This party is too large to book online. Please call the restaurant.')).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('anonymous: choosing a time asks to sign in, and sign-in returns to the same time to book it', async ({ page }) => {
  await page.goto(`${SKYLINE}${MERCHANT}`);
  const section = await findOpenEvening(page);
  const first = section.getByRole('list').getByRole('button').first();
  const label = (await first.textContent()) ?? '';
  await first.click();
  await section.getByRole('link', { name: 'Sign in to book this table' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await signInWithForm(page, 'card0@skyline.example', 'Dining-2026!')).toBe(200);
  await expect(page).toHaveURL(/\/merchants\/10003\?/);
  const back = page.getByRole('region', { name: 'Reserve a table' });
  await expect(back.getByRole('button', { name: label, pressed: true })).toBeVisible();
  await back.getByRole('button', { name: /^Book / }).click();
  await expect(back.getByText('You are booked!')).toBeVisible();
  await expect(back.getByText(/Confirmation [0-9A-F]{10}/)).toBeVisible();
  const events = await page.evaluate(() =>
    (window.dataLayer ?? []).map((e) => (e as { event: string; card?: string }).event + ':' + ((e as { card?: string }).card ?? '')),
  );
  expect(events).toContain('reservation_booking_success:withCard');
});

test('member: booking again within two hours shows the overlap error', async ({ page }) => {
  await signIn(page.request, 'skyline', 'card2@skyline.example');
  await page.goto(`${SKYLINE}${MERCHANT}`);
  const section = await findOpenEvening(page, 20);
  const slots = section.getByRole('list').getByRole('button');
  const second = (await slots.nth(1).textContent()) ?? '';
  await slots.first().click();
  await section.getByRole('button', { name: /^Book / }).click();
  await expect(section.getByText('You are booked!')).toBeVisible();
  await page.reload();
  const again = await findOpenEvening(page, 20);
  await expect(again.getByRole('button', { name: second })).toBeVisible();
  await again.getByRole('button', { name: second }).click();
  await again.getByRole('button', { name: /^Book / }).click();
  await expect(again.getByRole('alert')).toHaveText('You already have a reservation at this location within two hours.');
});
