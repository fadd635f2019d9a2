// Sign-in and join on the sso partner (harbor) in real Chromium against the production build: sign-in
// through the programme's single-sign-on provider on the second origin (with the stored redirect),
// full enrolment with a card typed inside the cross-origin card frame, the activation screen and
// its redirects, re-enrolment of a closed account, and the captcha's "not completed" message;
// axe (WCAG 2.2 AA) on /activate and re-enrolment, and screenshots at 1280 and 375 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { fulfillJson, NO_SERVICE_WORKER, PASSWORD, PROVIDERS_ORIGIN, quietNotices, url } from './frame-helpers.ts';

test.use(NO_SERVICE_WORKER);

const PARTNER = 'harbor';
const SUPPORT_PHONE = '1-800-555-0122';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SHOTS = '/tmp/h-sso';
const harbor = (path = '/') => url(PARTNER, path);
const harborUrl = (path: string) => new RegExp(`^${harbor(path).replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}$`);

// Card numbers that pass Luhn; each test links its own, since a card links to one account only.
const CARDS = {
  newcomer: '4012888888881881',
  noncard: '5105105105105100',
  inUse: '4111111111111111',
  closed: '5555555555554444',
  captcha: '4000056655665556',
} as const;

/** The member's header control (card members): "Hi, First Last". */
const memberDropdown = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Hi, / });

/** On the provider's page (the second origin): the programme credentials, then back to the app. */
async function signInAtProvider(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL((u) => u.origin === PROVIDERS_ORIGIN && u.pathname === '/sso/authorize');
  await expect(page.getByRole('heading', { name: 'Harbor Rewards', level: 1 })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((u) => u.origin === new URL(harbor()).origin);
}

/** /Login's sso panel: one button to the provider. */
async function continueToProvider(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Harbor Rewards' }).click();
}

/** Signs in from /Login as a member would (after the app has loaded). */
async function ssoSignIn(page: Page, email: string, path = '/Login'): Promise<void> {
  await page.goto(harbor(path));
  await continueToProvider(page);
  await signInAtProvider(page, email);
}

const cardFrame = (page: Page) => page.frameLocator('iframe[title="Secure card number entry"]');
const captchaFrame = (page: Page) => page.frameLocator('iframe[title="Security check"]');

/** Types a number into the card frame (its own origin) and waits until the app has the card. */
async function typeCard(page: Page, number: string): Promise<void> {
  const field = cardFrame(page).getByRole('textbox', { name: 'Card number' });
  await field.fill('');
  await field.pressSequentially(number);
  await field.blur();
  await expect(field).toHaveAttribute('aria-invalid', 'false');
}

async function tickCaptcha(page: Page): Promise<void> {
  const box = captchaFrame(page).getByRole('checkbox', { name: "I'm not a robot" });
  await box.click();
  await expect(box).toBeChecked();
}

const termsCheckbox = (page: Page) => page.getByRole('checkbox', { name: /I authorize Harbor Rewards Dining to monitor activity/ });

/** Fills the whole card form: number in the frame, captcha, card terms. */
async function fillCardForm(page: Page, number: string): Promise<void> {
  await typeCard(page, number);
  await tickCaptcha(page);
  await termsCheckbox(page).check();
}

/** A programme newcomer links `number` in a separate browser, so the card is then in use. */
async function linkCardElsewhere(browser: Browser, email: string, number: string): Promise<void> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await quietNotices(page);
  await page.goto(harbor('/Login'));
  await continueToProvider(page);
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(harborUrl('/add_card'));
  await fillCardForm(page, number);
  await page.getByRole('button', { name: 'Link card' }).click();
  await expect(page).toHaveURL(harborUrl('/card_added'));
  await context.close();
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

test.describe('sso sign-in', () => {
  test('the temporary sso modal leads to /Login, the provider signs in and the member lands signed in', async ({ page }) => {
    await page.goto(harbor('/search'));
    const modal = page.getByRole('dialog', { name: 'Harbor Rewards Dining has a new home' });
    await expect(modal).toBeVisible();
    // Anonymous sso visitors see only a join button.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Join now' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await modal.getByRole('link', { name: 'Sign in or join' }).click();
    await expect(page).toHaveURL(harborUrl('/Login'));

    await continueToProvider(page);
    await signInAtProvider(page, 'card2@harbor.example');
    await expect(page).toHaveURL(harborUrl('/'));
    await expect(memberDropdown(page)).toHaveAccessibleName('Hi, Liam Chen');
  });

  test('a wrong programme password stays at the provider; a foreign redirect is ignored; an assertion works once', async ({ page }) => {
    await quietNotices(page);
    await page.goto(harbor('/Login?redirect=%2F%2Fevil.example%2Fphish'));
    await continueToProvider(page);
    await page.getByLabel('Email', { exact: true }).fill('card0@harbor.example');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
    const callback = page.waitForRequest((request) => request.url().startsWith(harbor('/api/Member/SSO/Callback?')));
    await signInAtProvider(page, 'card0@harbor.example');
    await expect(page).toHaveURL(harborUrl('/'));
    await expect(memberDropdown(page)).toHaveAccessibleName('Hi, Olivia Martin');

    // The signed assertion is good once: replaying its address is refused.
    await page.goto((await callback).url());
    await expect(page).toHaveURL(harborUrl('/Login?sso=failed'));
    await expect(page.getByRole('alert')).toContainText('We could not sign you in. Please try again.');
  });

  test('a session ending on /add_card stores the page; signing in through sso returns there', async ({ page }) => {
    await quietNotices(page);
    await ssoSignIn(page, 'noncard@harbor.example');
    // A non-card sso member: join button and sign-out link, no dropdown.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Join now' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign out' })).toBeVisible();
    await expect(memberDropdown(page)).toHaveCount(0);

    await page.goto(harbor('/add_card'));
    await fillCardForm(page, CARDS.noncard);
    // The session ends server-side before the submit.
    expect((await page.request.get(harbor('/api/SignOut'), { headers: { referer: harbor('/') } })).ok()).toBe(true);
    await page.getByRole('button', { name: 'Link card' }).click();
    await expect(page).toHaveURL(harborUrl('/Login'));

    await continueToProvider(page);
    await signInAtProvider(page, 'noncard@harbor.example');
    await expect(page).toHaveURL(harborUrl('/add_card'));
    await expect(page.getByRole('heading', { name: 'Link a card', level: 1 })).toBeVisible();
  });
});

test('sso enrolment: a programme member new to dining links a card inside the secure frame', async ({ page }) => {
  await quietNotices(page);
  await page.goto(harbor('/search'));
  await page.getByRole('banner').getByRole('link', { name: 'Join now' }).click();
  await expect(page).toHaveURL(harborUrl('/join'));
  await page.getByRole('button', { name: 'Join with Harbor Rewards' }).click();
  // The provider offers to create a programme account; this member has one and signs in.
  await expect(page.getByRole('heading', { name: 'Create your Harbor Rewards account' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInAtProvider(page, 'new@harbor.example');

  // Enrolled as a non-card member and sent to step 2.
  await expect(page).toHaveURL(harborUrl('/add_card'));
  await expect(page.getByText('Step 2 of 3 · Add a card')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Link a card', level: 1 })).toBeVisible();
  await expect(memberDropdown(page)).toHaveCount(0);

  // The number is typed inside the frame, which is served by the providers origin.
  const frameSrc = await page.locator('iframe[title="Secure card number entry"]').getAttribute('src');
  expect(new URL(frameSrc ?? '').origin).toBe(PROVIDERS_ORIGIN);
  const submit = page.getByRole('button', { name: 'Link card' });
  await expect(submit).toBeDisabled();
  await typeCard(page, CARDS.newcomer);
  await tickCaptcha(page);
  await termsCheckbox(page).check();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(harborUrl('/card_added'));
  await expect(page.getByRole('heading', { name: "You're all set!", level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Linked cards' })).toHaveText('Visa ending in 1881');
  // Past the enrolment steps the header shows the card member's dropdown.
  await page.getByRole('main').getByRole('link', { name: 'Find restaurants' }).click();
  await expect(page).toHaveURL(harborUrl('/search'));
  await expect(memberDropdown(page)).toHaveAccessibleName('Hi, Henry Taylor');
});

test.describe('activation screen', () => {
  test('redirects: no public id, unknown member, already activated (rfr 0 to 4); none on openplate', async ({ page }) => {
    await quietNotices(page);
    const cases: Array<[string, string]> = [
      ['/activate', '/join?rfr=0'],
      ['/activate?public_id=harbor-nobody', '/join?rfr=1'],
      ['/activate?public_id=harbor-known-4', '/join?rfr=2'],
      ['/activate?public_id=harbor-known-2', '/login?rfr=3'],
      ['/activate?public_id=harbor-known-3', '/login?rfr=4'],
    ];
    for (const [from, to] of cases) {
      await page.goto(harbor(from));
      await expect(page, `${from} -> ${to}`).toHaveURL(harborUrl(to));
      await expect(page.locator('main h1')).toBeVisible();
    }
    // Known members exist for every partner with enrolment; without enrolment there is no /activate.
    await page.goto(url('openplate', '/not_found'));
    const notFoundTitle = (await page.locator('main h1').innerText()).trim(); // openplate words its own
    await page.goto(url('openplate', '/activate?public_id=openplate-known-1'));
    await expect(page.locator('main h1')).toHaveText(notFoundTitle);
    await expect(page).toHaveURL(/\/activate\?public_id=openplate-known-1$/);
  });

  test('loader, buttons disabled once started, success replaces the location with /activate/activated', async ({ page }) => {
    await quietNotices(page);
    const pageViews: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/Impressions')) {
        for (const record of request.postDataJSON() as Array<{ event?: string; path?: string }>)
          if (record.event === 'page_view' && record.path) pageViews.push(record.path);
      }
    });
    await page.goto(harbor('/search'));
    await expect(page.locator('main h1')).toBeVisible();

    // The member lookup is held until the loader has been seen.
    let releaseLookup!: () => void;
    const lookupHeld = new Promise<void>((resolve) => (releaseLookup = resolve));
    await page.route('**/api/Member/harbor-known-1', async (route) => {
      await lookupHeld;
      await route.continue();
    });
    await page.goto(harbor('/activate?public_id=harbor-known-1'));
    await expect(page.getByRole('status').filter({ hasText: 'Do not refresh, loading more content.' })).toBeVisible();
    releaseLookup();

    await expect(page.getByText('Welcome, James')).toBeVisible();
    await expect(page.getByText('start earning points every time you dine')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Activate your Harbor Rewards Dining account', level: 1 })).toBeVisible();
    const buttons = page.getByRole('button', { name: 'Activate my account' });
    await expect(buttons).toHaveCount(2);
    await expect.poll(() => pageViews).toContain('/activate');

    // The activation call is held so the started state is visible.
    let releaseActivation!: () => void;
    const activationHeld = new Promise<void>((resolve) => (releaseActivation = resolve));
    await page.route('**/api/Member/Activate', async (route) => {
      await activationHeld;
      await route.continue();
    });
    await buttons.last().click();
    const working = page.getByRole('button', { name: 'Working on your request, please wait.' });
    await expect(working).toHaveCount(2);
    for (const button of await working.all()) await expect(button).toBeDisabled();
    releaseActivation();

    await expect(page).toHaveURL(harborUrl('/activate/activated'));
    await expect(page.getByRole('heading', { name: 'You are all set!', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find restaurants' }).last()).toBeVisible();
    await expect.poll(() => pageViews).toContain('/activate/activated');
    // The location was replaced: Back skips /activate.
    await page.goBack();
    await expect(page).toHaveURL(harborUrl('/search'));
  });

  test('a failed activation shows the error toast with the support phone', async ({ page }) => {
    await quietNotices(page);
    await page.goto(harbor('/activate?public_id=harbor-known-5'));
    const button = page.getByRole('button', { name: 'Activate my account' }).first();
    await expect(button).toBeVisible();
    // Activated meanwhile elsewhere (another tab, the call centre): this attempt fails.
    const { csrfToken } = (await (await page.request.get(harbor('/api/CSRF'))).json()) as { csrfToken: string };
    const other = await page.request.post(harbor('/api/Member/Activate'), {
      headers: { 'X-XSRF-TOKEN': csrfToken },
      data: { publicId: 'harbor-known-5' },
    });
    expect(other.status()).toBe(200);

    await button.click();
    await expect(page.getByRole('alert')).toHaveText(
      `ERROR: There was an error activating your account. Please contact customer support. ${SUPPORT_PHONE}`,
    );
    await expect(page).toHaveURL(harborUrl('/activate?public_id=harbor-known-5'));
    // A failed attempt may be tried again (README: a network blip should not need a reload).
    await expect(button).toBeEnabled();
  });

  test('axe and screenshots of /activate and /activate/activated at 1280 and 375 px', async ({ page }) => {
    await quietNotices(page);
    // harbor-known-1 may be activated by now: the page is shown with the lookup answered as non-activated.
    await page.route('**/api/Member/harbor-known-1', async (route) => {
      const response = await route.fetch();
      await fulfillJson(route, response, { ...((await response.json()) as object), tierLevel: 1 });
    });
    await page.route('**/api/Member/Activate', async (route) => {
      const response = await route.fetch({ url: harbor('/api/Member/harbor-known-1'), method: 'GET' });
      await fulfillJson(route, response, { ...((await response.json()) as object), tierLevel: 2 });
    });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
      await page.goto(harbor('/activate?public_id=harbor-known-1'));
      await expect(page.getByRole('button', { name: 'Activate my account' }).first()).toBeVisible();
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `activate-${width}`);
      await page.getByRole('button', { name: 'Activate my account' }).first().click();
      await expect(page.getByRole('heading', { name: 'You are all set!' })).toBeVisible();
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `activated-${width}`);
    }
  });
});

test.describe('re-enrolment of a closed account', () => {
  // The first sees the closed account; the second reopens it.
  test.describe.configure({ mode: 'serial' });
  const region = (page: Page) => page.getByRole('region', { name: 'Re-enrol' });

  test('the screen, axe, screenshots, and "Sign in later" signs out', async ({ page }) => {
    await quietNotices(page);
    await ssoSignIn(page, 'closed@harbor.example');
    const reenrol = region(page);
    await expect(reenrol.getByRole('heading', { name: 'Link a card to keep earning' })).toBeVisible();
    await expect(reenrol.getByRole('status').filter({ hasText: 'Your linked card was deleted, so your account is closed.' })).toBeVisible();
    await expect(reenrol.getByText('Link a card before continuing to reopen your account and keep earning points.')).toBeVisible();
    await expect(cardFrame(page).getByRole('textbox', { name: 'Card number' })).toBeVisible();
    await expect(captchaFrame(page).getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible();

    expect(await axeViolations(page)).toEqual([]);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
      // What the member sees once scrolled to it (cross-origin frames paint only in the viewport).
      // The card frame itself: with the heading already on screen, scrolling to it may not move the page.
      await page.locator('iframe[title="Secure card number entry"]').scrollIntoViewIfNeeded();
      await expect(cardFrame(page).getByRole('textbox', { name: 'Card number' })).toBeInViewport();
      await shoot(page, `reenrol-${width}`, false);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await reenrol.getByRole('link', { name: 'Sign in later' }).click();
    await expect(region(page)).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Join now' })).toBeVisible();
    expect((await page.request.get(harbor('/api/Member'))).status()).toBe(401);
  });

  test('Unauthorized goes to sign in; a card error is listed; success links the card and opens the account centre', async ({
    page,
    browser,
  }) => {
    test.slow(); // sso sign-ins through the provider, the card frame and the captcha
    await linkCardElsewhere(browser, 'new2@harbor.example', CARDS.inUse);
    await quietNotices(page);
    await ssoSignIn(page, 'closed@harbor.example');
    await expect(region(page)).toBeVisible();

    // The session ends server-side before the submit: the answer is Unauthorized.
    await fillCardForm(page, CARDS.closed);
    expect((await page.request.get(harbor('/api/SignOut'), { headers: { referer: harbor('/') } })).ok()).toBe(true);
    await region(page).getByRole('button', { name: 'Link card' }).click();
    await expect(page).toHaveURL(harborUrl('/Login'));

    await continueToProvider(page);
    await signInAtProvider(page, 'closed@harbor.example');
    const reenrol = region(page);
    await expect(reenrol).toBeVisible();

    // A card linked to another account: the card's error is listed in the form.
    await fillCardForm(page, CARDS.inUse);
    await reenrol.getByRole('button', { name: 'Link card' }).click();
    const problem = reenrol.getByRole('alert').filter({ hasText: 'Your card could not be linked.' });
    await expect(problem).toBeVisible();
    await expect(problem.getByRole('listitem')).toHaveText([
      'Visa ending in 1111 - in_use: This card is already linked to another account.',
    ]);

    // The next submit needs no new tick (the invisible check runs).
    await typeCard(page, CARDS.closed);
    await reenrol.getByRole('button', { name: 'Link card' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your card ending in 4444 has been linked.' })).toBeVisible();
    await expect(page).toHaveURL(harborUrl('/account/overview'));
    await expect(region(page)).toHaveCount(0);
    await expect(memberDropdown(page)).toHaveAccessibleName('Hi, Emma Johnson');
  });
});

test('step 2 submitted without completing the captcha says so', async ({ page }) => {
  await quietNotices(page);
  await page.goto(harbor('/Login'));
  await continueToProvider(page);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Last name').fill('Turner');
  await page.getByLabel('Email').fill('ivy.turner@harbor.example');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account and continue' }).click();
  await expect(page).toHaveURL(harborUrl('/add_card'));

  await typeCard(page, CARDS.captcha);
  await termsCheckbox(page).check();
  await expect(captchaFrame(page).getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
  const submit = page.getByRole('button', { name: 'Link card' });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'You must complete the reCAPTCHA to continue.' })).toBeVisible();
  await expect(page).toHaveURL(harborUrl('/add_card'));

  // Completing it afterwards lets the same card through.
  await tickCaptcha(page);
  await submit.click();
  await expect(page).toHaveURL(harborUrl('/card_added'));
  await expect(page.getByRole('list', { name: 'Linked cards' })).toHaveText('Visa ending in 5556');
});
