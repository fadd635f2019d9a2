// Platform checks in real Chromium against the production build on the real server:
// route gating per enrolment type, outage pages, the session warning and expiry, referral cookies,
// impressions, the CSRF placeholder message and page-view analytics.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { gotoUntil, patchPartner, quietNotices, signIn as signInThroughApi, signInSso } from './frame-helpers.ts';

import { PORT as port } from './worker-server.ts';

const origin = (partner: string) => `http://${partner}.localhost:${port}`;
const url = (partner: string, path = '/') => `${origin(partner)}${path}`;

const WARNING = 'You will be automatically logged out due to inactivity. Click here to keep this session active.';

/** A direct partner's sign-in page: its heading and form (email or partner number, password, submit). */
async function expectSignInPage(page: Page, partnerNumberLabel: string, label: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' }), label).toBeVisible();
  const form = page.getByRole('main').getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('textbox', { name: `Email or ${partnerNumberLabel}` }), label).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Password', exact: true }), label).toBeVisible();
  await expect(form.getByRole('button', { name: 'Sign in', exact: true }), label).toBeVisible();
}

/** The main heading once the app has rendered. */
async function mainHeading(page: Page): Promise<string> {
  const h1 = page.locator('main h1').first();
  await expect(h1).toBeVisible();
  return (await h1.innerText()).trim();
}

async function notFoundTitle(page: Page, partner: string): Promise<string> {
  await page.goto(url(partner, '/not_found'));
  return mainHeading(page);
}

const signIn = (context: BrowserContext, partner: string, email: string) => signInThroughApi(context.request, partner, email);

async function dataLayer(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() => (window.dataLayer ?? []) as Array<Record<string, unknown>>);
}

/** Closes frame modals (announcement, popups) that would cover what a test needs to reach. */
async function closeDialogs(page: Page): Promise<void> {
  await page.locator('main').first().waitFor();
  // The modals load their code when they first show: let it arrive before looking for them.
  await page.waitForLoadState('networkidle');
  for (let i = 0; i < 3 && (await page.locator('dialog[open]').count()) > 0; i++) {
    await page.keyboard.press('Escape');
  }
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

/** A client-side navigation (what a link click does), without depending on a particular link. */
async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test.describe('route gating', () => {
  test('enrolment type none (openplate) has no sign-in, join or account routes', async ({ page }) => {
    const title = await notFoundTitle(page, 'openplate');
    expect(title).toBe('Nothing on the menu here'); // openplate's own wording (partners/openplate/copy.json)
    for (const path of ['/login', '/Login', '/join', '/activate', '/account', '/account/overview', '/recover']) {
      await page.goto(url('openplate', path));
      expect(await mainHeading(page), path).toBe(title);
      await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
    }
    await page.goto(url('openplate', '/search'));
    expect(await mainHeading(page)).not.toBe(title);
  });

  test('sso (harbor) has sign-in and account routes but no credential recovery', async ({ page }) => {
    const title = await notFoundTitle(page, 'harbor');
    for (const path of ['/recover', '/recover/confirm', '/fix_credentials']) {
      await page.goto(url('harbor', path));
      expect(await mainHeading(page), path).toBe(title);
    }
    // Sign-in goes through the programme's provider.
    await page.goto(url('harbor', '/Login'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Continue to Harbor Rewards' })).toBeVisible();
    // A signed-in member's /account is the account centre's overview.
    await signInSso(page, 'harbor', 'card2@harbor.example');
    await page.goto(url('harbor', '/account'));
    await expect(page).toHaveURL(url('harbor', '/account/overview'));
    await expect(page.getByRole('heading', { level: 1, name: 'Account Overview' })).toBeVisible();
  });

  test('direct enrolment (skyline) has /login, /Login and recovery; unknown paths are Not Found', async ({ page }) => {
    const title = await notFoundTitle(page, 'skyline');
    for (const path of ['/login', '/Login']) {
      await page.goto(url('skyline', path));
      await expectSignInPage(page, 'SkyMiles number', path);
    }
    await page.goto(url('skyline', '/recover'));
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Email or SkyMiles number' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Send reset link' })).toBeVisible();
    await page.goto(url('skyline', '/no/such/page'));
    expect(await mainHeading(page)).toBe(title);
    // The Not Found page links home.
    await page.getByRole('main').getByRole('link').first().click();
    await expect(page).toHaveURL(url('skyline', '/'));
  });

  test('unknown account sub-paths go to the overview', async ({ page, context }) => {
    await signIn(context, 'skyline', 'card2@skyline.example');
    await page.goto(url('skyline', '/account/no-such-tab'));
    await expect(page).toHaveURL(url('skyline', '/account/overview'));
  });

  test('/worker.js is a service worker the page registers', async ({ page }) => {
    await page.goto(url('skyline', '/'));
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? null), {
        timeout: 10_000,
      })
      .toBe(url('skyline', '/worker.js'));
  });
});

test.describe('outage mode', () => {
  const partner = 'metro';

  test('replaces /login and /join with "We\'re Working On It"', async ({ page }) => {
    const outagePage = page.getByRole('heading', { level: 1, name: "We're Working On It" });
    /** Once the page has its heading (the app has rendered): is it the outage page? */
    const showsOutage = async () => {
      await page.locator('main h1').first().waitFor();
      return (await outagePage.count()) > 0;
    };
    let restore = patchPartner(partner, { outage: { login: true, join: true, showHomeLink: true } });
    try {
      // The server picks the edit up within a moment.
      await gotoUntil(page, url(partner, '/login'), showsOutage);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("We're Working On It");
      await expect(page.getByRole('main')).toContainText(/login process is having an issue/i);
      await expect(page.getByRole('main')).toContainText(/working on it/i);
      await expect(page.getByRole('main')).toContainText(/check back later/i);
      await expect(page.getByRole('main').getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
      await expect(page).toHaveTitle(/We're Working On It/);
      await page.screenshot({ path: test.info().outputPath('outage.png'), fullPage: true });

      await page.goto(url(partner, '/join'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("We're Working On It");
      await expect(page.getByRole('main')).toContainText(/enrollment process is having an issue/i);

      // Only the flagged route: with just join in outage, /login is the sign-in page again.
      restore();
      restore = patchPartner(partner, { outage: { login: false, join: true, showHomeLink: false } });
      // /join in outage without the home link: only this edit shows that (not the original file).
      const homeLink = page.getByRole('main').getByRole('link', { name: /home/i });
      await gotoUntil(page, url(partner, '/join'), async () => (await showsOutage()) && (await homeLink.count()) === 0);
      await expect(outagePage).toBeVisible();
      await expect(page.getByRole('main')).toContainText(/enrollment process is having an issue/i);
      await expect(homeLink).toHaveCount(0);
      await page.goto(url(partner, '/login'));
      await expectSignInPage(page, 'member number', '/login with only join in outage');
      await expect(outagePage).toHaveCount(0);
    } finally {
      restore();
    }
  });

  test('outage paths put any other page under maintenance with the general text', async ({ page }) => {
    const outagePage = page.getByRole('heading', { level: 1, name: "We're Working On It" });
    const restore = patchPartner(partner, { outage: { login: false, join: false, showHomeLink: true, paths: ['/how-it-works', '/earn'] } });
    try {
      await gotoUntil(page, url(partner, '/earn/this-is-big'), async () => {
        await page.locator('main h1').first().waitFor();
        return (await outagePage.count()) > 0;
      });
      await expect(page.getByRole('main')).toContainText(
        'One of our processes is having an issue. Our team is working on it. Please check back later.',
      );
      await page.goto(url(partner, '/how-it-works'));
      await expect(outagePage).toBeVisible();
      // Pages that are not listed, and /login without its flag, are untouched.
      await page.goto(url(partner, '/'));
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(outagePage).toHaveCount(0);
      await page.goto(url(partner, '/login'));
      await expectSignInPage(page, 'member number', '/login outside the outage paths');
    } finally {
      restore();
    }
  });
});

test.describe('session', () => {
  test('warns 60 s before expiry and goes to /SignOut at expiry, which ends the server session', async ({ page, context }) => {
    await signIn(context, 'greenleaf', 'card2@greenleaf.example');
    await page.clock.install();
    await page.goto(url('greenleaf', '/search'));
    await expect(page.locator('main').first()).toBeVisible();
    const toast = page.getByText(WARNING, { exact: true });

    await page.clock.fastForward('13:50');
    await expect(toast).toHaveCount(0);
    await page.clock.fastForward('00:15');
    await expect(toast).toBeVisible();

    await page.clock.fastForward('01:00');
    await page.waitForURL(url('greenleaf', '/'));
    const member = await context.request.get(url('greenleaf', '/api/Member'));
    expect(member.status()).toBe(401);
  });

  test('clicking the warning refetches the member, which keeps the session alive', async ({ page, context }) => {
    await signIn(context, 'metro', 'card0@metro.example');
    await page.clock.install();
    // The page's clock runs ahead of the server's once fast-forwarded; translate the server's expiry
    // cookie into page time so the plan the page makes is the one a real visitor's page makes.
    let ahead = 0;
    await page.route('**/api/Member', async (route) => {
      const response = await route.fetch();
      const cookie = (await context.cookies(origin('metro'))).find((c) => c.name === 'mb_session_expires');
      if (cookie) {
        const serverExpiry = Date.parse(decodeURIComponent(cookie.value));
        await context.addCookies([{ ...cookie, value: new Date(serverExpiry + ahead).toISOString(), expires: -1 }]);
      }
      // Without the server's own Set-Cookie, which would undo the translation.
      const headers = { ...response.headers() };
      delete headers['set-cookie'];
      await route.fulfill({ response, headers });
    });
    await page.goto(url('metro', '/search'));
    await closeDialogs(page);

    await page.clock.fastForward('14:05');
    ahead = 14 * 60_000 + 5000;
    const toast = page.getByRole('button', { name: WARNING });
    await expect(toast).toBeVisible();
    const refetch = page.waitForResponse((r) => r.url().endsWith('/api/Member') && r.request().method() === 'GET');
    await toast.click();
    expect((await refetch).status()).toBe(200);
    await expect(toast).toHaveCount(0);

    // The old expiry passes without a sign-out: the session was extended.
    await page.clock.fastForward('02:00');
    await expect(page).toHaveURL(url('metro', '/search'));
    expect((await context.request.get(url('metro', '/api/Member'))).status()).toBe(200);
  });

  test('the member is refetched on every navigation while signed in, and not while anonymous', async ({ page, context }) => {
    await page.goto(url('skyline', '/search'));
    await expect(page.locator('main').first()).toBeVisible();
    const memberCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/Member')) memberCalls.push(r.url());
    });
    await clientNavigate(page, '/how-it-works');
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForTimeout(300);
    expect(memberCalls).toEqual([]);

    await signIn(context, 'skyline', 'card2@skyline.example');
    await page.goto(url('skyline', '/search'));
    await expect(page.locator('main').first()).toBeVisible();
    const refetch = page.waitForRequest((r) => r.url().endsWith('/api/Member'));
    await clientNavigate(page, '/how-it-works');
    await refetch;
  });

  test('/SignOut ends the session and loads home as a new document', async ({ page, context }) => {
    await signIn(context, 'metro', 'card2@metro.example');
    await page.goto(url('metro', '/search'));
    await expect(page.locator('main').first()).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    const signOut = page.waitForResponse((r) => r.url().endsWith('/api/SignOut'));
    await page.goto(url('metro', '/SignOut'));
    expect((await signOut).status()).toBe(200);
    await page.waitForURL(url('metro', '/'));
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
    expect((await context.request.get(url('metro', '/api/Member'))).status()).toBe(401);
    const names = (await context.cookies(origin('metro'))).map((c) => c.name);
    expect(names).not.toContain('mb_session');
    expect(names).not.toContain('mb_session_expires');
  });
});

test.describe('admin emulation', () => {
  test('an emulation id in the URL ends the emulated session (via /SignOut)', async ({ page, context }) => {
    await signIn(context, 'skyline', 'card0@skyline.example');
    await context.addCookies([{ name: 'mb_emulation', value: '1', url: origin('skyline') }]);
    const signOut = page.waitForResponse((r) => r.url().endsWith('/api/SignOut'));
    await page.goto(url('skyline', '/search?emulationId=em-42'));
    expect((await signOut).status()).toBe(200);
    await page.waitForURL(url('skyline', '/'));
    await expect(page.locator('main').first()).toBeVisible();
    expect((await context.request.get(url('skyline', '/api/Member'))).status()).toBe(401);
    const names = (await context.cookies(origin('skyline'))).map((c) => c.name);
    expect(names).not.toContain('mb_emulation');
    // The id is cleared by the sign-out, so home stays home.
    expect(await page.evaluate(() => sessionStorage.getItem('mb_emulation_id'))).toBeNull();
    await expect(page).toHaveURL(url('skyline', '/'));
  });
});

test.describe('tracking', () => {
  test('the PWA install event carries the public id or "anonymous"', async ({ page, context }) => {
    await page.goto(url('harbor', '/search'));
    await expect(page.locator('main').first()).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    expect((await dataLayer(page)).filter((e) => e.event === 'pwa_install')).toEqual([
      { event: 'pwa_install', publicId: 'anonymous', session: 'browser' },
    ]);

    await signIn(context, 'skyline', 'card2@skyline.example');
    await page.goto(url('skyline', '/search'));
    await expect(page.locator('main').first()).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    expect((await dataLayer(page)).find((e) => e.event === 'pwa_install')?.publicId).toBe('skyline-card-2');
  });

  test('referral values from the URL are saved in cookies; a new set replaces the old one', async ({ page, context }) => {
    await page.goto(url('skyline', '/search?utm_source=newsletter&utm_campaign=fall&source=partner-site'));
    await expect(page.locator('main').first()).toBeVisible();
    const cookies = async () => Object.fromEntries((await context.cookies(origin('skyline'))).map((c) => [c.name, c]));
    await expect.poll(async () => (await cookies()).mb_ref_utm_source?.value).toBe('newsletter');
    const first = await cookies();
    expect(first.mb_ref_utm_campaign?.value).toBe('fall');
    expect(first.mb_ref_source?.value).toBe('partner-site');
    // source lives 2880 minutes.
    const lifetimeMinutes = ((first.mb_ref_source?.expires ?? 0) * 1000 - Date.now()) / 60_000;
    expect(lifetimeMinutes).toBeGreaterThan(2870);
    expect(lifetimeMinutes).toBeLessThanOrEqual(2880);

    await page.goto(url('skyline', '/?utm_medium=social'));
    await expect.poll(async () => (await cookies()).mb_ref_utm_medium?.value).toBe('social');
    const second = await cookies();
    expect(second.mb_ref_utm_source).toBeUndefined();
    expect(second.mb_ref_utm_campaign).toBeUndefined();
    expect(second.mb_ref_source).toBeUndefined();
  });

  test('page views are pushed 500 ms after navigation and posted as impressions', async ({ page }) => {
    await page.clock.install();
    const impression = page.waitForRequest((r) => r.url().endsWith('/api/Impressions') && r.method() === 'POST');
    await page.goto(url('harbor', '/search'));
    await expect(page.locator('main').first()).toBeVisible();
    const pageViews = async () => (await dataLayer(page)).filter((e) => e.event === 'page_view');

    await page.clock.runFor(600);
    expect(await pageViews()).toEqual([{ event: 'page_view', path: '/search', memberId: null, merchantId: null, session: 'browser' }]);
    const request = await impression;
    const records = request.postDataJSON() as Array<Record<string, unknown>>;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      channel: 'web',
      event: 'page_view',
      path: '/search',
      userAgent: expect.stringContaining('Mozilla'),
    });
    expect(new Date(String(records[0]!.dateTime)).toISOString()).toBe(records[0]!.dateTime);
    expect(request.headers()['x-xsrf-token']).toBeTruthy();
    expect((await request.response())?.status()).toBe(202);

    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await clientNavigate(page, '/merchants/10006');
    // The merchant page loads its chunk and data in a transition: the navigation commits when they
    // arrive, in real time, while the page's clock stands still. No view can come before 500 ms of
    // page time after that commit, so none after 400 ms; then the clock moves until it comes.
    await page.clock.runFor(400);
    expect(await pageViews()).toHaveLength(1);
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return (await pageViews()).length;
      })
      .toBe(2);
    expect((await pageViews())[1]).toEqual({
      event: 'page_view',
      path: '/merchants/10006',
      memberId: null,
      merchantId: '10006',
      session: 'browser',
    });
  });

  test("a signed-in member's page views carry the member id", async ({ page, context }) => {
    await signIn(context, 'skyline', 'vip@skyline.example');
    await page.goto(url('skyline', '/search'));
    await expect.poll(async () => (await dataLayer(page)).find((e) => e.event === 'page_view')?.memberId).toBe('skyline-vip');
  });

  test('a failed impression post is swallowed', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/api/Impressions', (route) => route.fulfill({ status: 500, body: '{}' }));
    const failed = page.waitForResponse((r) => r.url().endsWith('/api/Impressions'));
    await page.goto(url('skyline', '/search'));
    expect((await failed).status()).toBe(500);
    await expect(page.locator('main').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('known member', () => {
  test('?public_id= is remembered and looked up without redirects', async ({ page, context }) => {
    const lookup = page.waitForResponse((r) => r.url().endsWith('/api/Member/skyline-known-1'));
    await page.goto(url('skyline', '/search?public_id=skyline-known-1'));
    const response = await lookup;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ publicId: 'skyline-known-1', interfaceType: 'known' });
    const cookie = (await context.cookies(origin('skyline'))).find((c) => c.name === 'mb_public_id');
    expect(cookie?.value).toBe('skyline-known-1');

    // A later visit without the parameter looks the member up from the cookie.
    const again = page.waitForResponse((r) => r.url().endsWith('/api/Member/skyline-known-1'));
    await page.goto(url('skyline', '/how-it-works'));
    expect((await again).status()).toBe(200);
  });
});

test.describe('CSRF', () => {
  test('without a token for 35 s, a write shows the placeholder message and is not sent', async ({ page }) => {
    await page.route('**/api/CSRF', (route) => route.abort());
    // No notice may open over the form while the clock jumps (metro's announcement loads on demand).
    await quietNotices(page);
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/')) writes.push(`${r.method()} ${r.url()}`);
    });
    await page.clock.install();
    // The home page's email-only prospect form: its submit is a write (POST /api/Members/Prospects).
    await page.goto(url('metro', '/'));
    await closeDialogs(page);
    const email = page.getByRole('main').getByLabel(/email/i).first();
    await expect(email).toBeVisible();
    await page.clock.fastForward('00:36');

    await email.fill(`csrf-${Date.now()}@example.com`);
    await page
      .getByRole('main')
      .getByRole('button', { name: /get started|join|sign up/i })
      .first()
      .click();

    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Something went wrong. Please refresh the page and try again. Error Code: csrf-unavailable-' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/^ERROR:/);
    expect(writes.filter((w) => w.includes('/api/Members/Prospects'))).toEqual([]);
  });
});

test('the Not Found page (screenshot for review)', async ({ page }) => {
  await page.goto(url('harbor', '/definitely/not/here'));
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('not-found.png'), fullPage: true });
});
