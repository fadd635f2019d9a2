// The header of spec 000 §2 in a real browser: the right side for every visitor kind and
// enrolment type, enrolment pages, the search icon, the mobile menu and its groups, the back link,
// dropdown closing and hide-on-scroll.
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, entry, quietNotices, signIn, signInSso, url, withCms } from './frame-helpers.ts';

test.use(NO_SERVICE_WORKER);

const header = (page: Page) => page.getByRole('banner');

const NAV = {
  '*': [
    entry('navbar', {
      nav_links: [
        { text_desktop: 'Find restaurants near you', text_mobile: 'Restaurants', url: '/search' },
        { text_desktop: 'Offers and bonuses', text_mobile: 'Offers', url: '/earn' },
      ],
    }),
    entry('footer', {
      primary_links: [{ text: 'How it works', url: '/how-it-works' }],
      secondary_links: [{ text: 'Terms of use', url: '/terms' }],
    }),
  ],
};

test.beforeEach(async ({ context }) => {
  await quietNotices(context);
});

test.describe('right side, anonymous', () => {
  test('direct (skyline): sign-in link and join button', async ({ page }) => {
    await page.goto(url('skyline', '/search'));
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(header(page).getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/join');
    await expect(header(page).getByRole('link', { name: /sign out/i })).toHaveCount(0);
  });

  test('sso (harbor): only a join button', async ({ page }) => {
    await page.goto(url('harbor'));
    await expect(header(page).getByRole('link', { name: 'Join now' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });

  test('enrolment none (openplate): no sign-in or join at all', async ({ page }) => {
    await page.goto(url('openplate', '/search'));
    // openplate calls its search icon "Search the guide" (copy); on /search it is not a link.
    await expect(header(page).getByRole('link', { name: 'Search the guide' })).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: 'Search the guide' })).toBeVisible();
    await expect(header(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search restaurants' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Join now' })).toHaveCount(0);
  });
});

test.describe('enrolment pages', () => {
  test('direct: "Already a member?" with a sign-in link, and no menu button', async ({ page }) => {
    await page.goto(url('skyline', '/join'));
    await expect(header(page).getByText('Already a member?')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(header(page).getByRole('button', { name: 'Menu' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Join now' })).toHaveCount(0);
  });

  test('sso: "Already a member?" with a sign-out link naming the programme', async ({ page }) => {
    await page.goto(url('harbor', '/join'));
    await expect(header(page).getByText('Already a member?')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Sign out of Harbor Rewards Dining' })).toHaveAttribute('href', '/SignOut');
    await expect(header(page).getByRole('button', { name: 'Menu' })).toHaveCount(0);
  });
});

test.describe('right side, signed in', () => {
  test('card member: dropdown with greeting, email, account links; closes on Escape, outside click and item click', async ({ page }) => {
    await signIn(page.request, 'skyline', 'card2@skyline.example');
    await page.goto(url('skyline', '/search'));
    const button = header(page).getByRole('button', { name: /^Hi, \S+ \S+/ });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(header(page).getByText('card2@skyline.example')).toBeVisible();
    for (const [name, href] of [
      ['Account Overview', '/account/overview'],
      ['Reviews & History', '/account/recent_activity'],
      ['Linked Cards', '/account/manage_cards'],
      ['Profile', '/account/user_profile'],
    ] as const) {
      await expect(header(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(header(page).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/SignOut');
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await button.click();
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await header(page).getByRole('link', { name: 'Linked Cards' }).click();
    await expect(page).toHaveURL(/\/account\/manage_cards$/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // Account paths get the back link.
    await header(page).getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });

  test('card member: sign-out reloads the document at /SignOut', async ({ page }) => {
    await signIn(page.request, 'skyline', 'card2@skyline.example');
    await page.goto(url('skyline', '/search'));
    await header(page).getByRole('button', { name: /^Hi, / }).click();
    const navigation = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame() && frame.url().includes('/SignOut'));
    await header(page).getByRole('link', { name: 'Sign out' }).click();
    await navigation;
    // A document load, not a client-side route change: the navigation request was a document.
    await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('non-card member, sso (harbor): join button and sign-out link', async ({ page }) => {
    await signInSso(page, 'harbor', 'noncard@harbor.example');
    await expect(header(page).getByRole('link', { name: 'Join now' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/SignOut');
    await expect(header(page).getByRole('button', { name: /^Hi, / })).toHaveCount(0);
  });

  test('card member, sso (harbor): the member dropdown', async ({ page }) => {
    await signInSso(page, 'harbor', 'card2@harbor.example');
    await expect(header(page).getByRole('button', { name: /^Hi, \S+ \S+/ })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Join now' })).toHaveCount(0);
  });

  test('non-card member, direct (skyline): join button and sign-out link', async ({ page }) => {
    await signIn(page.request, 'skyline', 'noncard@skyline.example');
    await page.goto(url('skyline', '/search'));
    await expect(header(page).getByRole('link', { name: 'Join now' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/SignOut');
    await expect(header(page).getByRole('button', { name: /^Hi, / })).toHaveCount(0);
  });

  test('closed account: sign-out only, and the re-enrolment area replaces the footer', async ({ page }) => {
    await signIn(page.request, 'skyline', 'closed@skyline.example');
    await page.goto(url('skyline', '/search'));
    await expect(header(page).getByRole('link', { name: 'Sign out' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Join now' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Re-enrol' })).toBeVisible();
  });
});

test.describe('header controls', () => {
  test('search icon: link to /search, hidden on discover, disabled on search', async ({ page }) => {
    await page.goto(url('harbor', '/how-it-works'));
    await header(page).getByRole('link', { name: 'Search restaurants' }).click();
    await expect(page).toHaveURL(/\/search$/);
    const disabled = header(page).getByRole('button', { name: 'Search restaurants' });
    await expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await expect(header(page).getByRole('link', { name: 'Search restaurants' })).toHaveCount(0);
    await page.goto(url('harbor', '/discover'));
    await expect(header(page).getByRole('link', { name: 'Search restaurants' })).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: 'Search restaurants' })).toHaveCount(0);
  });

  test('mobile menu: groups in order, mobile nav text below 861 px, desktop text above', async ({ page }) => {
    await withCms(page, NAV);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(url('skyline', '/search'));
    await header(page).getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const links = await menu.getByRole('link').allInnerTexts();
    expect(links.map((t) => t.trim())).toEqual(['Join now', 'Sign in', 'Restaurants', 'Offers', 'How it works', 'Terms of use']);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: 'Menu' })).toBeFocused();

    await page.setViewportSize({ width: 1280, height: 800 });
    await header(page).getByRole('button', { name: 'Menu' }).click();
    await expect(menu.getByRole('link', { name: 'Find restaurants near you' })).toBeVisible();
    await menu.getByRole('link', { name: 'Offers and bonuses' }).click();
    await expect(page).toHaveURL(/\/earn$/);
    await expect(menu).toHaveCount(0);
  });

  test('desktop: the CMS navigation sits in the bar from 1050 px, with desktop text; narrower, only the menu has it', async ({ page }) => {
    await withCms(page, NAV);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url('skyline', '/'));
    const nav = header(page).getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Find restaurants near you', 'Offers and bonuses']);
    await nav.getByRole('link', { name: 'Offers and bonuses' }).click();
    await expect(page).toHaveURL(/\/earn$/);
    await expect(nav.getByRole('link', { name: 'Offers and bonuses' })).toHaveAttribute('aria-current', 'page');

    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(nav).toBeHidden();
    // Not on enrolment pages, where the header stays minimal.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url('skyline', '/join'));
    await expect(header(page).getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });

  test('mobile menu of a card member: account centre first, sign-out last', async ({ page }) => {
    await withCms(page, NAV);
    await signIn(page.request, 'skyline', 'card2@skyline.example');
    await page.goto(url('skyline', '/search'));
    await header(page).getByRole('button', { name: 'Menu' }).click();
    // The drawer's code loads on first opening: wait for it before reading its links.
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    const links = (await page.getByRole('dialog', { name: 'Menu' }).getByRole('link').allInnerTexts()).map((t) => t.trim());
    expect(links[0]).toBe('Account centre');
    expect(links.at(-1)).toBe('Sign out');
    expect(links).not.toContain('Join now');
  });

  test('small screens: the header hides on scroll down and returns on scroll up', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto(url('skyline', '/search'));
    // The app renders after the document loads: wait for its main area before making it long.
    await expect(page.locator('main#main h1')).toBeVisible();
    // Enough page to scroll whatever the search page holds.
    await page.evaluate(() => {
      const filler = document.createElement('div');
      filler.style.height = '4000px';
      document.getElementById('main')?.append(filler);
    });
    const top = () => header(page).evaluate((el) => Math.round(el.getBoundingClientRect().bottom));
    await page.mouse.wheel(0, 600);
    await expect.poll(top).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -200);
    await expect.poll(top).toBeGreaterThan(40);

    await page.setViewportSize({ width: 1280, height: 700 });
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(400);
    expect(await top()).toBeGreaterThan(40);
  });
});
