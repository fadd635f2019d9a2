// Upcoming reservations in the account centre (skyline with its sign-in form, harbor through single
// sign-on) at 1280 and 375 px: a table booked on the merchant page is listed with its restaurant,
// date, time and party; "Add to calendar" downloads its .ics file; Cancel asks, cancels, and the
// table is offered again. Partners without online booking (greenleaf) have no such list. Axe clean.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders } from './auth-helpers.ts';
import { clientAddress, quietNotices, signIn, signInSso, url } from './frame-helpers.ts';

const MERCHANT = '10003';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

/** Books the first free evening table `from` days ahead or later through the API; answers date, time and confirmation. */
async function book(page: Page, partner: string, from: number, partySize: number) {
  for (let i = from; i < from + 14; i++) {
    const res = await page.request.get(
      url(partner, `/api/Reservations/Availability?merchantId=${MERCHANT}&date=${day(i)}&time=19:00&partySize=${partySize}`),
    );
    const { state, slots } = (await res.json()) as { state: string; slots: string[] };
    const time = slots[0];
    if (state !== 'ok' || !time) continue;
    const booked = await page.request.post(url(partner, '/api/Reservations'), {
      headers: await csrfHeaders(page.request, partner),
      data: { merchantId: MERCHANT, date: day(i), time, partySize },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    return { date: day(i), time, confirmation: ((await booked.json()) as { confirmation: string }).confirmation };
  }
  throw new Error('no free evening');
}

// A member of its own per partner and width, so each test's list holds only its own bookings.
const PARTNERS = { skyline: { members: ['card2', 'card0'], sso: false }, harbor: { members: ['vip', 'renewing'], sso: true } };

for (const [partner, { members, sso }] of Object.entries(PARTNERS)) {
  for (const [index, width] of [1280, 375].entries()) {
    const member = `${members[index]}@${partner}.example`;
    test.describe(`${partner} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('lists upcoming bookings, downloads the calendar file, cancels one and its table is free again', async ({ page }) => {
        if (sso) await signInSso(page, partner, member);
        else await signIn(page.request, partner, member);
        // Each partner and width on its own days: the restaurant's tables are shared.
        const offset = 60 + (partner === 'skyline' ? 0 : 7) + (width === 1280 ? 0 : 14);
        const first = await book(page, partner, offset, 3);
        const second = await book(page, partner, offset + 3, 2);

        await page.goto(url(partner, '/account/overview'));
        const list = page.getByRole('region', { name: 'Upcoming reservations' });
        await expect(list.getByRole('heading', { level: 3 })).toHaveCount(2);
        const rows = list.getByRole('listitem');
        await expect(rows.nth(0)).toContainText(`${longDate(first.date)} at`);
        await expect(rows.nth(0)).toContainText('3 guests');
        await expect(rows.nth(0)).toContainText(`Confirmation ${first.confirmation}`);
        await expect(rows.nth(1)).toContainText(`${longDate(second.date)} at`);
        await expect(rows.nth(0).getByRole('link', { name: 'Driftwood Fish House', exact: true })).toHaveAttribute(
          'href',
          `/merchants/${MERCHANT}`,
        );
        const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        expect(results.violations.map((v) => v.id)).toEqual([]);
        if (partner === 'skyline') {
          await list.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `docs/screenshots/upcoming-reservations-${width}.png` });
        }

        const download = page.waitForEvent('download');
        await rows
          .nth(0)
          .getByRole('link', { name: /to your calendar$/ })
          .click();
        const file = await download;
        expect(file.suggestedFilename()).toBe(`reservation-${first.confirmation}.ics`);
        const ics = readFileSync((await file.path())!, 'utf8');
        expect(ics).toContain('BEGIN:VEVENT');
        expect(ics).toMatch(/SUMMARY:Table for 3 at Driftwood/);

        await rows
          .nth(0)
          .getByRole('button', { name: /^Cancel / })
          .click();
        const dialog = page.getByRole('dialog', { name: 'Cancel this reservation?' });
        await expect(dialog).toContainText('3 guests');
        await dialog.getByRole('button', { name: 'Cancel reservation' }).click();
        await expect(page.getByText(/^Your reservation at Driftwood .* is cancelled\.$/)).toBeVisible();
        await expect(list.getByRole('listitem')).toHaveCount(1);
        await expect(list).not.toContainText(first.confirmation);

        // The provider offers the table again.
        const again = await page.request.get(
          url(partner, `/api/Reservations/Availability?merchantId=${MERCHANT}&date=${first.date}&time=19:00&partySize=3`),
        );
        expect(((await again.json()) as { slots: string[] }).slots).toContain(first.time);
      });
    });
  }
}

test('a partner without online booking has no upcoming reservations in its account centre', async ({ page }) => {
  await signIn(page.request, 'greenleaf', 'card2@greenleaf.example');
  await page.goto(url('greenleaf', '/account/overview'));
  await expect(page.getByRole('heading', { name: 'Your status' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upcoming reservations' })).toHaveCount(0);
});
