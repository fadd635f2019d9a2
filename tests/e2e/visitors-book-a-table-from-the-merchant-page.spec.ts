// Reservation widget on the merchant page (spec 001 §2, §4-5, §8, §9) on skyline (sign-in form, the
// airline's 50-mile reservation bonus) and harbor (single sign-on, no bonus) at 1280 and 375 px:
// defaults and every availability state; a full booking that starts signed out, signs in and comes
// back to the same table; each refusal of §8 with its message; analytics events; axe clean.
//
// Tests run on any date: days are counted from today in the restaurant's time zone, and a test that
// needs free tables searches evenings until it finds some. Each test books on its own range of days
// with its own member, so bookings of one test never make another's overlap or take its table.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page, type Route } from '@playwright/test';
import { clientAddress, csrfHeaders, signInWithForm } from './auth-helpers.ts';
import { PASSWORD, PROVIDERS_ORIGIN, quietNotices, signIn, signInSso, url } from './frame-helpers.ts';

/** 10003 (Driftwood Fish House, New York) is bookable online for 1 to 8; 10013 (Namsan, Korean barbecue) for 2 or more. */
const MERCHANT = '10003';
const TWO_OR_MORE = '10013';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PARTNERS = { skyline: { sso: false, bonus: true }, harbor: { sso: true, bonus: false } } as const;
type Partner = keyof typeof PARTNERS;

/** The date `offset` days from today where the restaurants are (YYYY-MM-DD). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
/** "2026-12-10" as the confirmation writes it: "Thu Dec 10, 2026". */
const longDate = (iso: string) =>
  `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${iso}T12:00:00Z`).getUTCDay()]} ` +
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A slot button's label ("7:15 pm", "8 pm") as the API's HH:MM. */
function to24h(label: string): string {
  const match = /^(\d{1,2})(?::(\d{2}))? (am|pm)$/.exec(label.trim());
  if (!match) throw new Error(`not a time: ${label}`);
  const hour = (Number(match[1]) % 12) + (match[3] === 'pm' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${match[2] ?? '00'}`;
}

const widget = (page: Page) => page.getByRole('region', { name: 'Reserve a table' });
const slotButtons = (section: Locator) => section.getByRole('list').getByRole('button');

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
  // Its own client address (the server trusts the test proxy header): booking allows 20 calls a
  // minute per address, and these tests together make more than that.
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Signs a demo member in as a member would on that partner (API for the form partner, the provider for sso). */
async function signInAs(page: Page, partner: Partner, key: string): Promise<void> {
  const email = `${key}@${partner}.example`;
  if (PARTNERS[partner].sso) await signInSso(page, partner, email);
  else await signIn(page.request, partner, email);
}

async function search(page: Page, date: string, options: { time?: string; party?: string } = {}): Promise<void> {
  const section = widget(page);
  await section.getByLabel('Date').fill(date);
  if (options.time) await section.getByLabel('Time').selectOption(options.time);
  if (options.party) await section.getByLabel('Party size').selectOption(options.party);
  await section.getByRole('button', { name: 'Find a table' }).click();
}

const minutesOf = (label: string) => {
  const [h = 0, m = 0] = to24h(label).split(':').map(Number);
  return h * 60 + m;
};

/** The labels of the tables listed ("6:45 pm", ...). */
async function listedTables(page: Page): Promise<string[]> {
  return (await slotButtons(widget(page)).allTextContents()).map((t) => t.trim());
}

/**
 * Searches the evenings from `from` days ahead until one lists at least two tables whose first two
 * are under two hours apart (so a booking of the first overlaps the second); answers its date.
 */
async function findOpenEvening(page: Page, from: number, options: { time?: string; party?: string } = {}): Promise<string> {
  const section = widget(page);
  for (let i = from; i < from + 10; i++) {
    await search(page, day(i), options);
    await expect(section.getByText(/^Tables for|^No tables/)).toBeVisible();
    const [first, second] = await listedTables(page);
    if (first && second && minutesOf(second) - minutesOf(first) < 120) return day(i);
  }
  throw new Error(`no open evening in the 10 days from ${day(from)}`);
}

/** Chooses the first table offered; answers its label ("7:15 pm"). */
async function chooseFirstTable(page: Page): Promise<string> {
  const first = slotButtons(widget(page)).first();
  const label = ((await first.textContent()) ?? '').trim();
  await first.click();
  await expect(widget(page).getByRole('button', { name: label, exact: true, pressed: true })).toBeVisible();
  return label;
}

/** The reservation analytics events pushed so far, as "event:searchType:card". */
async function analytics(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((e) => e as { event?: string; card?: string; searchType?: string })
      .filter((e) => e.event?.startsWith('reservation_'))
      .map((e) => `${e.event}:${e.searchType ?? ''}:${e.card ?? ''}`),
  );
}

const isBooking = (address: URL) => address.pathname === '/api/Reservations';

/** Books `time` through the API from a second browser (another member), as someone else on the provider would. */
async function bookAsSomeoneElse(browser: Browser, partner: Partner, key: string, booking: object): Promise<void> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
  try {
    const other = await context.newPage();
    await quietNotices(other);
    await signInAs(other, partner, key);
    const res = await context.request.post(url(partner, '/api/Reservations'), {
      headers: await csrfHeaders(context.request, partner),
      data: booking,
    });
    expect(res.status(), await res.text()).toBe(201);
  } finally {
    await context.close();
  }
}

for (const partner of Object.keys(PARTNERS) as Partner[]) {
  const { sso, bonus } = PARTNERS[partner];
  for (const width of [1280, 375]) {
    // Each partner and width books on its own days: both partners share the restaurant's tables.
    const offset = (partner === 'skyline' ? 0 : 6) + (width === 1280 ? 0 : 12);

    test.describe(`${partner} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('defaults, the bonus line where the partner has one, every availability state, axe clean', async ({ page }) => {
        await page.goto(url(partner, `/merchants/${MERCHANT}`));
        const section = widget(page);
        await expect(section.getByLabel('Time')).toHaveValue('19:00');
        await expect(section.getByLabel('Party size')).toHaveValue('2');
        await expect(section.getByLabel('Date')).toHaveAttribute('min', day(-1));
        if (bonus) await expect(section.getByText('Earn 50 bonus miles when you book and dine.')).toBeVisible();
        else await expect(section.getByText(/bonus/i)).toHaveCount(0);

        await search(page, day(200));
        await expect(section.getByText('That date is too far ahead to book. Choose a date sooner.')).toBeVisible();
        await search(page, day(-1));
        await expect(section.getByText('That time is too soon to book online. Choose a later time.')).toBeVisible();
        // The party list is the restaurant's: 1 to 8 guests here.
        await expect(section.getByLabel('Party size').getByRole('option')).toHaveText(
          Array.from({ length: 8 }, (_, i) => (i === 0 ? '1 guest' : `${i + 1} guests`)),
        );
        // 4 am: the restaurant is closed for hours either side.
        await search(page, day(10), { time: '04:00', party: '2' });
        await expect(section.getByText('No tables are available around this time. Try another time or date.')).toBeVisible();
        await expectAxeClean(page);

        // Korean barbecue grills seat two to six: the list offers exactly those, and an address
        // asking for another size (an old link) starts from the nearest the restaurant takes.
        await page.goto(url(partner, `/merchants/${TWO_OR_MORE}?date=${day(10)}&time=19:00&party=1`));
        await expect(widget(page).getByLabel('Party size').getByRole('option')).toHaveText([
          '2 guests',
          '3 guests',
          '4 guests',
          '5 guests',
          '6 guests',
        ]);
        await expect(widget(page).getByLabel('Party size')).toHaveValue('2');
        await expect(widget(page).getByText(/^Tables for 2 on |^No tables/)).toBeVisible();
      });

      test('signed out: pick date, time and party, choose a table, sign in, come back to it and book', async ({ page }) => {
        await page.goto(url(partner, `/merchants/${MERCHANT}`));
        const date = await findOpenEvening(page, 4 + offset, { time: '18:30', party: '3' });
        const section = widget(page);
        await expect(section.getByText(`Tables for 3 on `)).toBeVisible();
        const label = await chooseFirstTable(page);
        expect(await analytics(page)).toEqual(
          expect.arrayContaining([
            'reservation_search:user:withoutCard',
            'reservation_slot_selected:user:withoutCard',
            'reservation_login_prompt:user:withoutCard',
          ]),
        );
        await section.getByRole('link', { name: 'Sign in to book this table' }).click();

        await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
        if (sso) {
          await page.getByRole('button', { name: 'Continue to Harbor Rewards' }).click();
          await expect(page).toHaveURL((u) => u.origin === PROVIDERS_ORIGIN);
          await page.getByLabel('Email', { exact: true }).fill(`card0@${partner}.example`);
          await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
          await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        } else {
          expect(await signInWithForm(page, `card0@${partner}.example`, PASSWORD)).toBe(200);
        }

        // Back on the same merchant with the same search and table chosen.
        await expect(page).toHaveURL((u) => u.pathname === `/merchants/${MERCHANT}` && u.searchParams.get('date') === date);
        const back = widget(page);
        await expect(back.getByRole('button', { name: label, exact: true, pressed: true })).toBeVisible();
        await expect(back.getByLabel('Party size')).toHaveValue('3');
        // Not the top of the page: the chosen table, its Book button in view and focused.
        const book = back.getByRole('button', { name: `Book ${label} for 3` });
        await expect(book).toBeFocused();
        await expect(book).toBeInViewport({ ratio: 1 });
        await book.click();

        // The confirmation replaces the form: it is brought into view and focused (announced).
        const confirmation = back.getByRole('status');
        await expect(confirmation.getByText('You are booked!')).toBeVisible();
        await expect(confirmation).toBeInViewport();
        await expect(confirmation).toBeFocused();
        await expect(confirmation).toContainText(`3 guests on ${longDate(date)} at ${label}.`);
        await expect(confirmation).toContainText(/Confirmation [0-9A-F]{10}\./);
        await expectAxeClean(page);
        expect(await analytics(page)).toContain('reservation_booking_success:user:withCard');
      });

      test('member: party size, date and time refused at booking, a failed call tried again, then overlap', async ({ page }) => {
        await signInAs(page, partner, 'card2');
        await page.goto(url(partner, `/merchants/${MERCHANT}`));
        const date = await findOpenEvening(page, 28 + offset);
        const section = widget(page);

        // The widget offers only tables the provider listed for the party and date searched, so
        // these refusals come when something changes between listing and booking: the restaurant
        // lowers its party limit or its booking window, or the page stays open until the time is
        // under an hour away. A test cannot wait for that, so the one booking request goes out
        // with the value that has become unbookable and the real server's refusal is what shows.
        const refusals = [
          { change: { partySize: 40 }, message: 'Your party is too small or too large for this restaurant to book online.' },
          { change: { date: day(200) }, message: 'Your reservation date is too far ahead to book. Choose a date sooner.' },
          { change: { date: day(-1) }, message: 'Your reservation time is too close to book online. Choose a later time.' },
        ];
        for (const { change, message } of refusals) {
          const label = await chooseFirstTable(page);
          await page.route(
            isBooking,
            (route: Route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), ...change }) }),
            { times: 1 },
          );
          await section.getByRole('button', { name: `Book ${label} for 2` }).click();
          await expect(section.getByRole('alert')).toHaveText(message);
          // The choice is cleared: nothing to book until the member picks again.
          await expect(section.getByRole('button', { name: /^Book / })).toHaveCount(0);
          await expect(section.getByRole('button', { pressed: true })).toHaveCount(0);
        }

        // The booking partner failing (an outage) cannot be caused from a browser: the one request
        // answers what the server answers when its database is unavailable.
        const label = await chooseFirstTable(page);
        await page.route(
          isBooking,
          (route: Route) =>
            route.fulfill({
              status: 503,
              json: { statusCode: 503, error: 'Service Unavailable', message: 'The service is busy; try again shortly.' },
            }),
          { times: 1 },
        );
        await section.getByRole('button', { name: `Book ${label} for 2` }).click();
        const alert = section.getByRole('alert');
        await expect(alert).toContainText("We're unable to complete your reservation.");
        await expect(section.getByRole('button', { name: label, exact: true, pressed: true })).toBeVisible();
        await alert.getByRole('button', { name: 'Try again' }).click();
        await expect(section.getByRole('status').getByText('You are booked!')).toBeVisible();
        await expect(section.getByRole('status')).toContainText(`2 guests on ${longDate(date)} at ${label}.`);

        // The next table listed, under two hours after this booking (findOpenEvening made sure).
        await page.reload();
        await search(page, date);
        await expect(widget(page).getByText(/^Tables for/)).toBeVisible();
        const other = (await listedTables(page)).find((t) => minutesOf(t) > minutesOf(label));
        expect(other && minutesOf(other) - minutesOf(label)).toBeLessThan(120);
        await widget(page).getByRole('button', { name: other, exact: true }).click();
        await widget(page)
          .getByRole('button', { name: `Book ${other} for 2` })
          .click();
        await expect(widget(page).getByRole('alert')).toHaveText('You already have a reservation at this location within two hours.');
        await expectAxeClean(page);
      });

      test('a member deactivated with the booking partner is refused with the reason', async ({ page }) => {
        await signInAs(page, partner, 'blocked');
        await page.goto(url(partner, `/merchants/${MERCHANT}`));
        await findOpenEvening(page, 4 + offset);
        const section = widget(page);
        const label = await chooseFirstTable(page);
        await section.getByRole('button', { name: `Book ${label} for 2` }).click();
        await expect(section.getByRole('alert')).toHaveText('Your account has been deactivated with the booking partner.');
        await expect(section.getByRole('button', { name: /^Book / })).toHaveCount(0);
        await expect(section.getByText('You are booked!')).toHaveCount(0);
      });

      test('someone else books the chosen table first: no availability, and the list drops it', async ({ page, browser }) => {
        await signInAs(page, partner, 'vip');
        await page.goto(url(partner, `/merchants/${MERCHANT}`));
        const date = await findOpenEvening(page, 52 + offset);
        const section = widget(page);
        const label = await chooseFirstTable(page);
        await bookAsSomeoneElse(browser, partner, 'renewing', { merchantId: MERCHANT, date, time: to24h(label), partySize: 2 });

        await section.getByRole('button', { name: `Book ${label} for 2` }).click();
        await expect(section.getByRole('alert')).toHaveText('There is no availability for the time you chose. Choose another time.');
        await expect(section.getByRole('button', { name: /^Book / })).toHaveCount(0);
        await expect(slotButtons(section).first()).toBeVisible();
        await expect(section.getByRole('button', { name: label, exact: true })).toHaveCount(0);
      });
    });
  }
}
