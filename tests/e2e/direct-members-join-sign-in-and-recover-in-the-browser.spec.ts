// Sign-in, join and recovery on a direct-enrolment partner (skyline), in real Chromium against the production build:
// enrolment steps 1-3 with the card typed inside the cross-origin card frame and the captcha on the
// providers origin, "No, thanks", the home email-only prospect form, sign-in refusals, the 30-minute
// lock, remember me, login redirects, password recovery through the outbox, forged card-frame
// messages, the form conventions, axe (WCAG 2.2 AA) and screenshots.
//
// Time (the 30-minute lock): the page's clock is Playwright's page.clock; the server's side is moved
// with the test-only route POST /api/__test/lockout/age (src/server/routes/auth.ts), which ages one
// account's failures and lock as if that time had passed for it alone — a global clock move would
// also expire other tests' captcha and reset tokens mid-flow. The route exists only when the server
// is started with MB_TEST_HOOKS=1, which only tools/e2e-server.mjs sets (never `npm start`).
// Rate limits: each test sends its own X-Forwarded-For (the server trusts the proxy header), so the
// per-address sign-in limit counts only that test's attempts, whatever runs beside it.
// Mail: this worker's server writes its outbox to its own folder (outboxDir, tests/e2e/worker-server.ts).
// Screenshots (1280 and 375 px) are written when AUTH_SCREENSHOTS names a folder.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, PASSWORD, PROVIDERS_ORIGIN, entry, quietNotices, url, withCms } from './frame-helpers.ts';
import {
  ageLockout,
  cardFrame,
  completeCaptcha,
  clientAddress,
  enrolMember,
  failSignIns,
  luhnCardNumber,
  mailsTo,
  signInWithForm,
  typeCardNumber,
  uniqueEmail,
  validPartnerNumber,
  waitForMail,
} from './auth-helpers.ts';

const P = 'skyline';
const CLIENT_ADDRESS = () => ({ 'X-Forwarded-For': clientAddress() });
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const TERMS_MESSAGE = 'Linking a card and authorizing activity monitoring is required to complete and earn rewards.';
const WORKING = 'Working on your request, please wait.';
const LOCKED = 'Your account has been locked for 30 minutes. Reset your password to get access more quickly.';

test.use(NO_SERVICE_WORKER);
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
  // Each test signs in from its own client address, so the per-address sign-in limit (30 a minute)
  // counts this test's attempts only, not those of tests running beside it.
  await page.context().setExtraHTTPHeaders(CLIENT_ADDRESS());
});

const header = (page: Page) => page.getByRole('banner');
const main = (page: Page) => page.getByRole('main');

/** Signs the page's context in as a fresh non-card member; answers the email. */
async function enrolInPage(page: Page, tag: string): Promise<string> {
  return (await enrolMember(P, tag, { signedIn: page.request, firstName: 'Sam', lastName: 'Frame' })).email;
}

/** The card frame has said it is ready (its "loading" notice is gone). */
async function cardFrameReady(page: Page) {
  await expect(cardFrame(page).getByRole('textbox', { name: /Card number/ })).toBeVisible();
  await expect(main(page).getByText('Loading the secure card form…')).toHaveCount(0);
}

const signInForm = signInWithForm;

test.describe('enrolment', () => {
  test('join, link a card in the secure frame, and arrive at step 3 signed in', async ({ page }) => {
    const email = uniqueEmail('join');
    const card = luhnCardNumber('4');
    await page.goto(url(P, '/join'));
    await expect(main(page).getByText('Step 1 of 3 · Your information')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Join Skyline SkyDining' })).toBeVisible();

    await page.getByRole('textbox', { name: 'First name' }).fill('Robin');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Diner');
    await page.getByRole('textbox', { name: 'Email address' }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Brunch-2026');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Brunch-2026');
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('10019');
    // A number that fails the 001 §5 checks is refused on blur; a valid one is accepted.
    const partnerNumber = page.getByRole('textbox', { name: 'SkyMiles number' });
    const good = validPartnerNumber();
    await partnerNumber.fill(good.slice(0, 9) + String((Number(good[9]) + 1) % 10));
    await partnerNumber.blur();
    await expect(partnerNumber).toHaveAccessibleDescription(/Please enter a valid SkyMiles number\./);
    await partnerNumber.fill(good);
    await partnerNumber.blur();
    await expect(partnerNumber).toHaveAccessibleDescription('10 digits. Where do I find it?');
    await page.getByRole('checkbox', { name: /Email me offers/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(url(P, '/add_card'));
    await expect(main(page).getByText('Step 2 of 3 · Add a card')).toBeVisible();
    await cardFrameReady(page);
    const submit = page.getByRole('button', { name: 'Link card' });
    await expect(submit).toBeDisabled();

    // A number that fails Luhn is refused inside the frame, and nothing reaches the form.
    const bad = card.slice(0, 15) + String((Number(card[15]) + 1) % 10);
    await typeCardNumber(page, bad);
    const cardInput = cardFrame(page).getByRole('textbox', { name: /Card number/ });
    await expect(cardInput).toHaveAccessibleDescription(/Please enter a valid credit card number\./);
    await cardInput.fill('');
    await typeCardNumber(page, card);
    await expect(cardInput).toHaveValue(card.replace(/(\d{4})(?=\d)/g, '$1 '));
    // The frame's brand badge (decorative, aria-hidden) names the card type it recognised.
    await expect(cardFrame(page).locator('#card-brand')).toHaveText('VISA');
    await completeCaptcha(page);
    await expect(main(page).getByText('Loading the security check…')).toHaveCount(0);
    await expect(submit).toBeEnabled();

    // The card terms box is required, with the spec's message.
    await submit.click();
    await expect(page.getByRole('alert').filter({ hasText: TERMS_MESSAGE })).toBeVisible();
    const terms = page.getByRole('checkbox', { name: /I authorize Skyline SkyDining to monitor activity/ });
    await expect(terms).toHaveAccessibleDescription(TERMS_MESSAGE);

    await terms.check();
    await submit.click();
    await expect(page).toHaveURL(url(P, '/card_added'));
    await expect(main(page).getByText('Step 3 of 3 · Done')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: "You're all set!" })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Linked cards' }).getByRole('listitem')).toHaveText([`Visa ending in ${card.slice(-4)}`]);

    await main(page).getByRole('link', { name: 'Find restaurants' }).click();
    await expect(page).toHaveURL(url(P, '/search'));
    const dropdown = header(page).getByRole('button', { name: 'Hi, Robin Diner' });
    await dropdown.click();
    await expect(header(page).getByText(email)).toBeVisible();
  });

  test('"No, thanks" on step 2 skips linking a card', async ({ page }) => {
    await enrolInPage(page, 'decline');
    await page.goto(url(P, '/add_card'));
    await cardFrameReady(page);
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/Member/Cards')) posted = true;
    });
    await main(page).getByRole('link', { name: 'No, thanks' }).click();
    await expect(page).toHaveURL(url(P, '/'));
    await expect(page.getByRole('button', { name: 'Link card' })).toHaveCount(0);
    // Still signed in, as a member without a card.
    await expect(header(page).getByRole('link', { name: 'Sign out' })).toBeVisible();
    expect(posted).toBe(false);
  });

  test("the home email-only prospect form lands on /join with the email filled in; a member's email goes to /login", async ({ page }) => {
    // skyline's home is its discover page; a CMS layout puts the prospect form on it.
    await withCms(page, {
      discover: [
        entry('page-layout', {
          version: 1,
          blocks: {
            join: {
              type: 'prospect-form',
              props: { headline: 'Start earning in minutes' },
              when: { visitor: ['anonymous'], enrollmentType: ['direct'] },
            },
          },
          order: ['join'],
        }),
      ],
    });
    const email = uniqueEmail('prospect');
    await page.goto(url(P, '/'));
    await page.getByRole('textbox', { name: /Email address/ }).fill(email);
    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(page).toHaveURL(url(P, '/join'));
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);

    await page.goto(url(P, '/'));
    await page.getByRole('textbox', { name: /Email address/ }).fill('card0@skyline.example');
    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(page).toHaveURL(url(P, '/login'));
    await expect(page.getByRole('textbox', { name: 'Email or SkyMiles number' })).toHaveValue('card0@skyline.example');
  });
});

test('join: an email already in use is caught on leaving the field, with ways to sign in or recover', async ({ page }) => {
  await page.goto(url(P, '/join'));
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.fill('  card0@skyline.example ');
  await email.blur();
  await expect(email).toHaveValue('card0@skyline.example');
  await expect(email).toHaveAccessibleDescription('This email is already in use with the program.');
  const notice = main(page).getByRole('status').filter({ hasText: 'You already have an account.' });
  await expect(notice.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await expect(notice.getByRole('link', { name: 'recover your password' })).toHaveAttribute('href', '/recover');
});

test('join: a SkyMiles number that belongs to another member is refused on submit, and the form keeps its values', async ({ page }) => {
  const other = await enrolMember(P, 'ppn-owner');
  await page.goto(url(P, '/join'));
  await page.getByRole('textbox', { name: 'First name' }).fill('Kim');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Second');
  await page.getByRole('textbox', { name: 'Email address' }).fill(uniqueEmail('ppn-taker'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Noodles-2026');
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Noodles-2026');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('10019');
  const partnerNumber = page.getByRole('textbox', { name: 'SkyMiles number' });
  await partnerNumber.fill(other.partnerNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not complete your enrolment. Please check form for errors.');
  await expect(page.getByRole('alert')).toContainText('SkyMiles number: This SkyMiles number is already in use with the program.');
  await expect(partnerNumber).toHaveAccessibleDescription(/This SkyMiles number is already in use with the program\./);
  await expect(partnerNumber).toHaveValue(other.partnerNumber);
  await expect(page).toHaveURL(url(P, '/join'));
});

test.describe('sign in', () => {
  test('a wrong password says "Invalid user name or password" and keeps what was typed', async ({ page }) => {
    const member = await enrolMember(P, 'wrongpw');
    await page.goto(url(P, '/login'));
    expect(await signInForm(page, member.email, 'Not-my-password-1')).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('Invalid user name or password');
    await expect(page.getByRole('textbox', { name: 'Email or SkyMiles number' })).toHaveValue(member.email);
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('Not-my-password-1');
    await expect(page).toHaveURL(url(P, '/login'));
    // The SkyMiles number works in place of the email.
    expect(await signInForm(page, member.partnerNumber, member.password)).toBe(200);
    await expect(page).toHaveURL(url(P, '/'));
  });

  test('five failures lock the account for 30 minutes, with a recovery link; afterwards sign-in works', async ({ page }) => {
    test.setTimeout(60_000);
    const member = await enrolMember(P, 'lockout');
    await page.clock.install();
    await page.goto(url(P, '/login'));
    const alert = page.getByRole('alert');
    for (let i = 1; i <= 4; i++) {
      expect(await signInForm(page, member.email, `Wrong-guess-${i}`)).toBe(401);
      await expect(alert).toHaveText('Invalid user name or password');
    }
    expect(await signInForm(page, member.email, 'Wrong-guess-5')).toBe(401);
    await expect(alert).toHaveText(LOCKED);
    // Locked means locked: the right password is refused too.
    expect(await signInForm(page, member.email, member.password)).toBe(401);
    await expect(alert).toHaveText(LOCKED);

    // The message's link leads to recovery.
    await alert.getByRole('link', { name: 'Reset your password' }).click();
    await expect(page).toHaveURL(url(P, '/recover'));
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.goBack();

    // 29 minutes later (page and server): still locked.
    await page.clock.fastForward('29:00');
    expect(await ageLockout(page.request, P, member.email, 29 * 60_000)).not.toBeNull();
    expect(await signInForm(page, member.email, member.password)).toBe(401);
    await expect(alert).toHaveText(LOCKED);

    // 30 minutes: open again. (Remember me: the page's clock is now 30 minutes ahead of the
    // server's, so a 15-minute session would look expired to the page at once.)
    await page.clock.fastForward('01:00');
    expect(await ageLockout(page.request, P, member.email, 60_000)).toBeNull();
    expect(await signInForm(page, member.email, member.password, true)).toBe(200);
    await expect(page).toHaveURL(url(P, '/'));
    await expect(header(page).getByRole('link', { name: 'Sign out' })).toBeVisible();
  });

  test('remember me keeps the session for 90 days; without it the cookie ends with the browser', async ({ browser }) => {
    for (const remember of [false, true]) {
      const context = await browser.newContext({ ...NO_SERVICE_WORKER, extraHTTPHeaders: CLIENT_ADDRESS() });
      const page = await context.newPage();
      await page.goto(url(P, '/login'));
      const before = Date.now() / 1000;
      await signInForm(page, 'card0@skyline.example', PASSWORD, remember);
      await expect(header(page).getByRole('button', { name: /^Hi, / })).toBeVisible();
      const session = (await context.cookies(url(P))).find((c) => c.name === 'mb_session');
      expect(session, 'session cookie').toBeDefined();
      if (remember) {
        expect(session!.expires - before).toBeGreaterThan(90 * 86400 - 120);
        expect(session!.expires - before).toBeLessThan(90 * 86400 + 120);
      } else {
        expect(session!.expires).toBe(-1);
      }
      expect(session!.httpOnly).toBe(true);
      await context.close();
    }
  });

  test('a login redirect is honoured for a path on this site only', async ({ browser }) => {
    test.slow(); // three full sign-ins (scrypt) in fresh browser contexts
    const cases: Array<[string, string]> = [
      ['/login?redirect=%2Faccount%2Fmanage_cards', '/account/manage_cards'],
      ['/login?redirect=%2F%2Fevil.example%2Fsteal', '/'],
      ['/login?redirect=https%3A%2F%2Fevil.example%2F', '/'],
    ];
    for (const [start, landing] of cases) {
      const context = await browser.newContext({ ...NO_SERVICE_WORKER, extraHTTPHeaders: CLIENT_ADDRESS() });
      const page = await context.newPage();
      await page.goto(url(P, start));
      await signInForm(page, 'card2@skyline.example', PASSWORD);
      await expect(page).toHaveURL(url(P, landing));
      await context.close();
    }
  });

  test('a session that ended during step 2 signs in again and returns to /add_card (stored redirect)', async ({ page }) => {
    const email = await enrolInPage(page, 'expired');
    await page.goto(url(P, '/add_card'));
    await cardFrameReady(page);
    await typeCardNumber(page, luhnCardNumber('4'));
    await completeCaptcha(page);
    await page.getByRole('checkbox', { name: /I authorize/ }).check();
    // The server forgets the session (as after expiry) while the page still shows step 2.
    await page.context().clearCookies({ name: 'mb_session' });
    await page.getByRole('button', { name: 'Link card' }).click();
    await expect(page).toHaveURL(url(P, '/login'));
    await signInForm(page, email, PASSWORD);
    await expect(page).toHaveURL(url(P, '/add_card'));
    await expect(main(page).getByText('Step 2 of 3 · Add a card')).toBeVisible();

    // A stored redirect to another site is dropped.
    await page.context().clearCookies({ name: 'mb_session' });
    await page.goto(url(P, '/login'));
    await page.evaluate(() =>
      localStorage.setItem('mb.loginRedirect', JSON.stringify({ path: '//evil.example/x', expires: Date.now() + 600_000 })),
    );
    await signInForm(page, email, PASSWORD);
    await expect(page).toHaveURL(url(P, '/'));
  });
});

test.describe('recovery', () => {
  test('a locked member resets the password by email and signs in at once; the link works once', async ({ page }) => {
    test.slow(); // five failed sign-ins, a reset and two sign-ins: seven scrypt hashes on a 2-core machine
    const member = await enrolMember(P, 'recover');
    // Locked out (spec: "Reset your password to get access more quickly").
    expect(await failSignIns(P, member.email, 5)).toEqual([401, 401, 401, 401, 401]);
    await page.goto(url(P, '/login'));
    await signInForm(page, member.email, member.password);
    await expect(page.getByRole('alert')).toHaveText(LOCKED);
    await page.getByRole('alert').getByRole('link', { name: 'Reset your password' }).click();
    await expect(page).toHaveURL(url(P, '/recover'));
    await page.getByRole('textbox', { name: 'Email or SkyMiles number' }).fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page).toHaveURL(url(P, '/recover/confirm'));
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(main(page)).toContainText(member.email);

    const mail = await waitForMail(member.email);
    expect(mail.subject).toBe('Reset your Skyline SkyDining password');
    const link = mail.links.resetLink!;
    expect(mail.text).toContain(link);
    expect(link.startsWith(url(P, '/recover/update?token='))).toBe(true);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Tapas-Night-77');
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Tapas-Night-77');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(url(P, '/recover/success'));
    await expect(page.getByRole('heading', { level: 1, name: 'Your password has been updated' })).toBeVisible();

    await main(page).getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(url(P, '/login'));
    await signInForm(page, member.email, member.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid user name or password');
    await signInForm(page, member.email, 'Tapas-Night-77');
    await expect(page).toHaveURL(url(P, '/'));
    await expect(header(page).getByRole('link', { name: 'Sign out' })).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
  });
});

test('recovery: a bad entry is explained; an unknown email gets the same answer and no mail; a link without a token is expired', async ({
  page,
}) => {
  await page.goto(url(P, '/recover'));
  const input = page.getByRole('textbox', { name: 'Email or SkyMiles number' });
  await input.fill('12345');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(input).toHaveAccessibleDescription('Please enter a valid email address or partner number.');
  const ghost = uniqueEmail('ghost');
  await input.fill(ghost);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(url(P, '/recover/confirm'));
  await expect(main(page)).toContainText(`If an account matches ${ghost}`);
  expect(mailsTo(ghost)).toEqual([]);
  await page.goto(url(P, '/recover/update'));
  await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
  await main(page).getByRole('link', { name: 'Send another link' }).click();
  await expect(page).toHaveURL(url(P, '/recover'));
});

test.describe('card frame messages', () => {
  test("a forged card message from another origin is ignored; the real frame's is accepted", async ({ page }) => {
    await enrolInPage(page, 'forged');
    await page.goto(url(P, '/add_card'));
    await cardFrameReady(page);
    await completeCaptcha(page);
    await page.getByRole('checkbox', { name: /I authorize/ }).check();
    const submit = page.getByRole('button', { name: 'Link card' });
    await expect(submit).toBeDisabled();
    const cardPosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/Member/Cards')) cardPosts.push(r.url());
    });

    const forged = { source: 'mb-card-frame', type: 'card', card: { encryptedCardNumber: 'Zm9yZ2Vk', lastFour: '4242', cardType: 'visa' } };
    // Count what arrives, to be sure each forgery really reached the app's window.
    await page.evaluate(() => {
      const w = window as unknown as { forgedSeen: number };
      w.forgedSeen = 0;
      window.addEventListener('message', (event) => {
        if ((event.data as { card?: { lastFour?: string } } | null)?.card?.lastFour === '4242') w.forgedSeen += 1;
      });
    });
    // (A data: iframe in the page is no longer possible at all: the CSP's frame-src allows only the
    // providers origin, see every-page-a-visitor-can-reach-has-content-and-working-links.spec.ts.)
    // 1. A window of another origin (127.0.0.1, same port) the app opened. (Framing it is no longer
    // possible: the CSP's frame-src allows the providers origin only.)
    const otherPromise = page.waitForEvent('popup');
    await page.evaluate((src) => window.open(src, 'forger2'), `http://127.0.0.1:${new URL(url(P)).port}/robots.txt`);
    const other = await otherPromise;
    await other.waitForLoadState();
    expect(other.url()).toMatch(/^http:\/\/127\.0\.0\.1:/);
    await other.evaluate((message) => (window.opener as Window).postMessage(message, '*'), forged);
    await other.close();
    // 2. The providers origin itself, but a different window than the card frame (a popup).
    const popupPromise = page.waitForEvent('popup');
    await page.evaluate((origin) => window.open(`${origin}/captcha/widget.css`, 'forger3'), PROVIDERS_ORIGIN);
    const popup = await popupPromise;
    await popup.waitForLoadState();
    await popup.evaluate((message) => (window.opener as Window).postMessage(message, '*'), forged);
    await popup.close();

    await expect.poll(() => page.evaluate(() => (window as unknown as { forgedSeen: number }).forgedSeen)).toBe(2);
    // Nothing happened: no card, submit still disabled, nothing sent.
    await expect(submit).toBeDisabled();
    await expect(page.getByText('Enter a card number and complete the security check to continue.')).toBeVisible();
    await submit.click({ force: true });
    expect(cardPosts).toEqual([]);

    // The real frame's message is accepted.
    const card = luhnCardNumber('4');
    await typeCardNumber(page, card);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(url(P, '/card_added'));
    await expect(page.getByRole('list', { name: 'Linked cards' })).toHaveText(`Visa ending in ${card.slice(-4)}`);
    expect(cardPosts).toHaveLength(1);
  });
});

test.describe('form conventions', () => {
  test('sign in: required note, empty submit, password toggle, loading state', async ({ page }) => {
    await page.goto(url(P, '/login'));
    await expect(main(page).getByText('* Required field')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('We could not sign you in. Please check form for errors.');
    const email = page.getByRole('textbox', { name: 'Email or SkyMiles number' });
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await expect(email).toHaveAccessibleDescription('This field is required.');
    await expect(password).toHaveAccessibleDescription('This field is required.');
    await expect(main(page).getByText('This field is required.')).toHaveCount(2);

    await password.fill('Peek-a-boo-1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    // While the request is on its way the button says so and cannot be pressed again.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/Member/SignIn', async (route) => {
      await held;
      await route.continue();
    });
    await email.fill('card0@skyline.example');
    await password.fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const busy = page.getByRole('button', { name: WORKING });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL(url(P, '/'));
  });

  test('join: empty submit lists what is missing in the alert box', async ({ page }) => {
    await page.goto(url(P, '/join'));
    await expect(main(page).getByText('* Required field')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('We could not complete your enrolment. Please check form for errors.');
    for (const field of ['First name', 'Last name', 'Email address', 'Password', 'Confirm password', 'ZIP code', 'SkyMiles number']) {
      await expect(alert).toContainText(`${field} is required.`);
    }
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('This field is required.');
    await expect(page).toHaveURL(url(P, '/join'));
  });
});

// Activation and re-enrolment on a direct partner, as the sso spec covers them for harbor. greenleaf,
// not skyline: other specs use skyline's closed account as a closed account, and the first known
// member's lookup, so this one activates and reopens greenleaf's demo members instead.
const G = 'greenleaf';
const G_PROGRAMME = 'Greenleaf Cash Back Dining';
const G_JOIN_HEADING = `Join ${G_PROGRAMME}`;
const escapeRegExp = (text: string) => text.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&');
/** Exactly this address, query included. */
const greenleafUrl = (path: string) => new RegExp(`^${escapeRegExp(url(G, path))}$`);

test.describe('activation screen (direct partner)', () => {
  test('redirects: no public id, unknown member and each kind of already-activated member (rfr 0 to 4)', async ({ page }) => {
    // README "Demo members" and the activation block: -known-2 has an active web profile, -known-3
    // an inactive one, -known-4 none.
    const cases: Array<{ from: string; to: string; heading: string; notice: string }> = [
      {
        from: '/activate',
        to: '/join?rfr=0',
        heading: G_JOIN_HEADING,
        notice: 'Your activation link is missing some information. Join below, or sign in if you have an account.',
      },
      {
        from: '/activate?public_id=greenleaf-nobody',
        to: '/join?rfr=1',
        heading: G_JOIN_HEADING,
        notice: 'We could not find your account from that link. Join below to get started.',
      },
      {
        from: '/activate?public_id=greenleaf-known-4',
        to: '/join?rfr=2',
        heading: G_JOIN_HEADING,
        notice: 'Your membership is active, but you have no online account yet. Join below to create one.',
      },
      {
        from: '/activate?public_id=greenleaf-known-2',
        to: '/login?rfr=3',
        heading: 'Sign in',
        notice: 'Your account is already active. Sign in to continue.',
      },
      {
        from: '/activate?public_id=greenleaf-known-3',
        to: '/login?rfr=4',
        heading: 'Sign in',
        notice: 'Your online account is not active yet. Reset your password to activate it.',
      },
    ];
    for (const { from, to, heading, notice } of cases) {
      await page.goto(url(G, from));
      await expect(page, `${from} -> ${to}`).toHaveURL(greenleafUrl(to));
      await expect(page.getByRole('heading', { level: 1, name: heading }), `${from}: the ${heading} page`).toBeVisible();
      await expect(main(page).getByRole('status').filter({ hasText: notice }), `${from}: the reason`).toBeVisible();
    }
    // The rfr 4 notice's link leads to recovery.
    await main(page).getByRole('status').getByRole('link', { name: 'Reset your password' }).click();
    await expect(page).toHaveURL(greenleafUrl('/recover'));
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  });

  test('a known member activates: buttons disabled once started, and /activate is replaced with /activate/activated', async ({ page }) => {
    await page.goto(url(G, '/search'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto(url(G, '/activate?public_id=greenleaf-known-1'));
    await expect(main(page).getByText('Welcome, James')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Activate your ${G_PROGRAMME} account` })).toBeVisible();
    await expect(main(page)).toContainText('start earning cash back every time you dine');
    const buttons = main(page).getByRole('button', { name: 'Activate my account' });
    await expect(buttons).toHaveCount(2);

    // The activation call is held so the started state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/Member/Activate', async (route) => {
      await held;
      await route.continue();
    });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/Member/Activate') && r.request().method() === 'POST');
    await buttons.first().click();
    const working = main(page).getByRole('button', { name: WORKING });
    await expect(working).toHaveCount(2);
    for (const button of await working.all()) await expect(button).toBeDisabled();
    release();
    expect((await answer).status()).toBe(200);

    await expect(page).toHaveURL(greenleafUrl('/activate/activated'));
    await expect(page.getByRole('heading', { level: 1, name: 'You are all set!' })).toBeVisible();
    await expect(main(page)).toContainText('pay with your linked card and earn cash back automatically.');
    await expect(main(page).getByRole('link', { name: 'Find restaurants' })).toHaveAttribute('href', '/search');
    // known-1 has no web profile yet: the next step is creating one.
    await expect(main(page).getByRole('link', { name: 'Create your online account' })).toHaveAttribute('href', '/join');
    // Replaced, not pushed: Back skips /activate.
    await page.goBack();
    await expect(page).toHaveURL(greenleafUrl('/search'));

    // Activated now: the same link sends the member on instead of showing the screen again.
    await page.goto(url(G, '/activate?public_id=greenleaf-known-1'));
    await expect(page).toHaveURL(greenleafUrl('/join?rfr=2'));
  });
});

test('re-enrolment (direct partner): a closed account links a card in the secure frame and opens the account centre', async ({ page }) => {
  await page.goto(url(G, '/login'));
  expect(await signInForm(page, `closed@${G}.example`, PASSWORD)).toBe(200);
  const region = page.getByRole('region', { name: 'Re-enrol' });
  await expect(region.getByRole('heading', { name: 'Link a card to keep earning' })).toBeVisible();
  await expect(region.getByRole('status').filter({ hasText: 'Your linked card was deleted, so your account is closed.' })).toBeVisible();
  await expect(region.getByText('Link a card before continuing to reopen your account and keep earning cash back.')).toBeVisible();

  // The number goes into the frame served by the providers origin, not into the page.
  const frameSrc = await page.locator(`iframe[title="Secure card number entry"]`).getAttribute('src');
  expect(new URL(frameSrc ?? '', url(G)).origin).toBe(PROVIDERS_ORIGIN);
  await cardFrameReady(page);
  const submit = region.getByRole('button', { name: 'Link card' });
  await expect(submit).toBeDisabled();
  const card = luhnCardNumber('4');
  await typeCardNumber(page, card);
  await expect(cardFrame(page).getByRole('textbox', { name: /Card number/ })).toHaveAttribute('aria-invalid', 'false');
  await completeCaptcha(page);
  await region.getByRole('checkbox', { name: new RegExp(`I authorize ${G_PROGRAMME} to monitor activity`) }).check();
  await expect(submit).toBeEnabled();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/Member/Reenroll') && r.request().method() === 'POST');
  await submit.click();
  expect((await answer).status()).toBe(200);

  await expect(page.getByRole('status').filter({ hasText: `Your card ending in ${card.slice(-4)} has been linked.` })).toBeVisible();
  await expect(page).toHaveURL(url(G, '/account/overview'));
  await expect(page.getByRole('heading', { level: 1, name: 'Account Overview' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Re-enrol' })).toHaveCount(0);
  // Reopened: a card member now, with the header's dropdown.
  await expect(header(page).getByRole('button', { name: 'Hi, Emma Johnson' })).toBeVisible();
  const member = (await (await page.request.get(url(G, '/api/Member'))).json()) as { memberType: string };
  expect(member.memberType).toBe('EnrolledCardMember');
});

test.describe('accessibility and looks', () => {
  async function violations(page: Page) {
    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  test('no axe violations on /login, /join and /add_card (frame loaded)', async ({ page }) => {
    test.slow(); // three axe runs and an enrolment with the card frame
    await page.goto(url(P, '/login'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.goto(url(P, '/join'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await enrolInPage(page, 'axe');
    await page.goto(url(P, '/add_card'));
    await cardFrameReady(page);
    await expect(page.frameLocator('iframe[title="Security check"]').getByRole('checkbox')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    // With a card entered, the check done and the terms message showing.
    await typeCardNumber(page, luhnCardNumber('4'));
    await completeCaptcha(page);
    await page.getByRole('button', { name: 'Link card' }).click();
    await expect(page.getByRole('alert').filter({ hasText: TERMS_MESSAGE })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('screenshots of /join, /add_card and /card_added at 1280 and 375 px', async ({ page }) => {
    const dir = process.env.AUTH_SCREENSHOTS;
    test.skip(!dir, 'set AUTH_SCREENSHOTS=<folder> to write them');
    const card = luhnCardNumber('4');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
      await page.goto(url(P, '/join'));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: `${dir}/join-${width}.png`, fullPage: true });
    }
    await enrolInPage(page, 'shots');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
      await page.goto(url(P, '/add_card'));
      await cardFrameReady(page);
      await expect(page.frameLocator('iframe[title="Security check"]').getByRole('checkbox')).toBeVisible();
      await page.screenshot({ path: `${dir}/add_card-${width}.png`, fullPage: true });
    }
    await typeCardNumber(page, card);
    await completeCaptcha(page);
    await page.getByRole('checkbox', { name: /I authorize/ }).check();
    await page.getByRole('button', { name: 'Link card' }).click();
    await expect(page).toHaveURL(url(P, '/card_added'));
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
      await page.reload();
      await expect(page.getByRole('list', { name: 'Linked cards' })).toBeVisible();
      await page.screenshot({ path: `${dir}/card_added-${width}.png`, fullPage: true });
    }
  });
});
