// The frame's one-time notices with their persistence rules (spec 000 §2, §4, §9), using
// Playwright's clock for the 1-day and 30-day rules: announcement modal, general popup, temporary
// sso modal, install banner, update notice; and that two modals never show at once.
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, gotoUntil, patchPartner, quietNotices, signIn, url } from './frame-helpers.ts';

test.use(NO_SERVICE_WORKER);

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = new Date('2026-06-01T09:00:00Z');

const announcement = (page: Page) => page.getByRole('dialog', { name: 'Double statement credits this month' });

test.describe('announcement modal (metro)', () => {
  test('shows until closed, then stays away for one day', async ({ page }) => {
    await page.clock.install({ time: T0 });
    await page.goto(url('metro', '/search'));
    await expect(announcement(page)).toBeVisible();
    await expect(announcement(page)).toContainText('earn twice the statement credits');
    await expect(announcement(page).getByRole('link', { name: 'See how it works' })).toHaveAttribute('href', '/how-it-works');
    await announcement(page).getByRole('button', { name: 'Close' }).click();
    await expect(announcement(page)).toHaveCount(0);

    await page.clock.setSystemTime(new Date(T0.getTime() + 23 * HOUR));
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(announcement(page)).toHaveCount(0);

    await page.clock.setSystemTime(new Date(T0.getTime() + DAY + HOUR));
    await page.reload();
    await expect(announcement(page)).toBeVisible();
    // Escape closes it too.
    await page.keyboard.press('Escape');
    await expect(announcement(page)).toHaveCount(0);
  });

  test('is not shown on /login or /join, or inside the native app', async ({ page, browser }) => {
    await page.goto(url('metro', '/login'));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(announcement(page)).toHaveCount(0);
    await page.goto(url('metro', '/join'));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(announcement(page)).toHaveCount(0);

    const app = await browser.newContext({
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 MenuboardApp/2.0.0',
    });
    const inApp = await app.newPage();
    await inApp.goto(url('metro', '/search'));
    await expect(inApp.getByRole('banner')).toBeVisible();
    await expect(announcement(inApp)).toHaveCount(0);
    await app.close();
  });

  test('is not shown on /discover (greenleaf, with an announcement modal patched in)', async ({ page }) => {
    // metro has no discover page (hasDiscoverPage: false: /discover is Not Found there), so the rule
    // is checked on greenleaf, which has one, given the same announcement the queue test below uses.
    await quietNotices(page);
    const restore = patchPartner('greenleaf', {
      appAnnouncementModal: { id: 'queue-test', title: 'Queued announcement', body: 'First in line.' },
    });
    try {
      const queued = page.getByRole('dialog', { name: 'Queued announcement' });
      // The modal is live for this partner: it shows on /search ...
      await gotoUntil(page, url('greenleaf', '/search'), async () => {
        await page.getByRole('banner').waitFor();
        return (await queued.count()) > 0;
      });
      await expect(queued).toBeVisible();
      // ... but not on the discover page, nor below it.
      for (const path of ['/discover', '/discover/nearby']) {
        await page.goto(url('greenleaf', path));
        await expect(
          page.getByRole('main').getByRole('heading', { name: 'Top rated near you' }),
          `${path} is the discover page`,
        ).toBeVisible();
        await expect(page.getByRole('main').getByRole('link', { name: 'Browse all restaurants' })).toBeVisible();
        await expect(queued, path).toHaveCount(0);
        await expect(page.getByRole('dialog'), path).toHaveCount(0);
      }
    } finally {
      restore();
    }
  });

  test('is not shown to a closed-account member', async ({ page }) => {
    await signIn(page.request, 'metro', 'closed@metro.example');
    await page.goto(url('metro', '/search'));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(announcement(page)).toHaveCount(0);
  });

  test('traps focus, is labelled by its title and gives focus back on close', async ({ page }) => {
    await page.goto(url('metro', '/search'));
    const dialog = announcement(page);
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('general popup (greenleaf)', () => {
  const popup = (page: Page) => page.getByRole('dialog', { name: 'Cha-ching! Cash back is here.' });

  test('shows once per popup type; LEARN MORE goes to /earn/this-is-big', async ({ page }) => {
    await page.goto(url('greenleaf'));
    await expect(popup(page)).toBeVisible();
    const learnMore = popup(page).getByRole('link', { name: 'LEARN MORE' });
    // The spec's words on screen, said in full to screen readers (a bare "learn more" names no destination).
    await expect(learnMore).toHaveAccessibleName('LEARN MORE about earning cash back');
    await learnMore.click();
    await expect(page).toHaveURL(/\/earn\/this-is-big$/);
    await expect(popup(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(popup(page)).toHaveCount(0);

    // A new popup type (stored type differs) shows it again.
    await page.evaluate(() => localStorage.setItem('mb.generalPopupType', 'an-older-campaign'));
    await page.reload();
    await expect(popup(page)).toBeVisible();
    await popup(page).getByRole('button', { name: 'Close' }).click();
    expect(await page.evaluate(() => localStorage.getItem('mb.generalPopupType'))).toBe('cashback-launch');
  });

  test('is not shown for partners without a popup type', async ({ page }) => {
    await quietNotices(page, { 'mb.generalPopupType': '' });
    await page.goto(url('skyline', '/search'));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(popup(page)).toHaveCount(0);
  });
});

test.describe('temporary sso modal (harbor)', () => {
  const modal = (page: Page) => page.getByRole('dialog', { name: /has a new home/ });

  test('shows once until dismissed, with a sign-in/join link', async ({ page }) => {
    await page.goto(url('harbor'));
    await expect(modal(page)).toBeVisible();
    await expect(modal(page).getByRole('link', { name: 'Sign in or join' })).toHaveAttribute('href', '/Login');
    await modal(page).getByRole('button', { name: 'Not now' }).click();
    await expect(modal(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(modal(page)).toHaveCount(0);
  });
});

test('two modals never show at once: the next one waits for the first to close', async ({ page }) => {
  const restore = patchPartner('greenleaf', {
    appAnnouncementModal: { id: 'queue-test', title: 'Queued announcement', body: 'First in line.' },
  });
  try {
    await gotoUntil(
      page,
      url('greenleaf', '/search'),
      async () =>
        (await page.getByRole('dialog').count()) > 0 && (await page.getByRole('dialog', { name: 'Queued announcement' }).count()) > 0,
    );
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Got it' }).click();
    await expect(page.getByRole('dialog', { name: 'Cha-ching! Cash back is here.' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
  } finally {
    restore();
  }
});

test.describe('install banner (skyline)', () => {
  async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed') {
    await page.evaluate((result) => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
        prompt: () => Promise<void>;
        userChoice: Promise<{ outcome: string }>;
      };
      event.prompt = async () => {
        (window as unknown as { promptShown: boolean }).promptShown = true;
      };
      event.userChoice = Promise.resolve({ outcome: result });
      window.dispatchEvent(event);
    }, outcome);
  }
  const region = (page: Page) => page.getByRole('region', { name: 'Install the app' });

  test('appears with an install prompt; "Maybe later" snoozes it for 30 days', async ({ page }) => {
    await page.clock.install({ time: T0 });
    await page.goto(url('skyline', '/search'));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(region(page)).toHaveCount(0);
    await offerInstall(page);
    await expect(region(page)).toContainText('Install Skyline SkyDining.');
    await region(page).getByRole('button', { name: 'Maybe later' }).click();
    await expect(region(page)).toHaveCount(0);

    await page.clock.setSystemTime(new Date(T0.getTime() + 29 * DAY));
    await page.reload();
    await offerInstall(page);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(region(page)).toHaveCount(0);

    await page.clock.setSystemTime(new Date(T0.getTime() + 30 * DAY + HOUR));
    await page.reload();
    await offerInstall(page, 'accepted');
    await region(page).getByRole('button', { name: 'Install' }).click();
    expect(await page.evaluate(() => (window as unknown as { promptShown?: boolean }).promptShown)).toBe(true);
    await expect(region(page)).toHaveCount(0);
  });

  test('iOS Safari: tells how to add to the home screen, with no Install button', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(url('skyline', '/search'));
    await expect(region(page)).toContainText('Install Skyline SkyDining. Tap the share icon, then Add to Home Screen.');
    await expect(region(page).getByRole('button', { name: 'Install' })).toHaveCount(0);
    await expect(region(page).getByRole('button', { name: 'Maybe later' })).toBeVisible();
    await context.close();
  });

  test('not shown by partners that disable it, nor without an install prompt', async ({ page }) => {
    await quietNotices(page);
    await page.goto(url('harbor', '/search'));
    await offerInstall(page);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(region(page)).toHaveCount(0);
  });
});

test.describe('update notice', () => {
  const NATIVE_UA =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 MenuboardApp/0.9.0';

  test('an app older than minimumAppVersion sees only "New Version Available" with the store link', async ({ browser }) => {
    const restore = patchPartner('metro', { minimumAppVersion: '1.0.0' });
    const context = await browser.newContext({ userAgent: NATIVE_UA });
    try {
      const page = await context.newPage();
      await gotoUntil(
        page,
        url('metro', '/search'),
        async () => (await page.getByRole('heading', { name: 'New Version Available' }).count()) > 0,
      );
      await expect(page.getByText('Update now to keep using the app.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Update Now' })).toHaveAttribute('href', /play\.google\.com/);
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);

      // Up to date: the normal frame.
      const current = await browser.newContext({ userAgent: NATIVE_UA.replace('0.9.0', '1.0.0') });
      const ok = await current.newPage();
      await ok.goto(url('metro', '/search'));
      await expect(ok.getByRole('banner')).toBeVisible();
      await expect(ok.getByRole('heading', { name: 'New Version Available' })).toHaveCount(0);
      await current.close();

      // iOS app: the App Store link.
      const ios = await browser.newContext({
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 MenuboardApp/0.9.0',
      });
      const iosPage = await ios.newPage();
      await iosPage.goto(url('metro', '/search'));
      await expect(iosPage.getByRole('link', { name: 'Update Now' })).toHaveAttribute('href', /apps\.apple\.com/);
      await ios.close();
    } finally {
      restore();
      await context.close();
    }
  });
});
