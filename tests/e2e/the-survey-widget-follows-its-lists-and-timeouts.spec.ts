// The survey widget (spec 000 §4) with the survey form served by the local provider on the second
// origin: allow and disallow lists, cookie_timeout, delay_timeout, the header toggle, and the
// 4 seconds after a submission before it records "seen" and goes away.
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, PROVIDERS_ORIGIN, entry, quietNotices, url, withCms } from './frame-helpers.ts';

test.use(NO_SERVICE_WORKER);

const DAY = 24 * 60 * 60 * 1000;

function survey(fields: Record<string, unknown> = {}) {
  return { surveys: [entry('dining-feedback', { text: 'Tell us what you think', id: 'dining-2026', ...fields })] };
}

const widget = (page: Page) => page.getByRole('region', { name: 'Survey' });
const toggle = (page: Page) => widget(page).getByRole('button', { name: 'Tell us what you think' });

test.beforeEach(async ({ context }) => {
  await quietNotices(context);
});

test('allow list: only on listed paths; disallow list: never on listed paths', async ({ page }) => {
  await withCms(
    page,
    survey({
      url_allow_list: [{ url_allowed: '/search' }, { url_allowed: '/merchants/*' }],
      url_disallow_list: [{ url_disallowed: '/merchants/1' }],
    }),
  );
  await page.goto(url('skyline', '/search'));
  await expect(widget(page)).toBeVisible();
  await page.goto(url('skyline', '/how-it-works'));
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(widget(page)).toHaveCount(0);
  await page.goto(url('skyline', '/merchants/2'));
  await expect(widget(page)).toBeVisible();
  await page.goto(url('skyline', '/merchants/1'));
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(widget(page)).toHaveCount(0);
});

test('opens after delay_timeout; the header toggles the 450 px form from the providers origin', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-06-01T09:00:00Z') });
  await withCms(page, survey({ delay_timeout: 30 }));
  await page.goto(url('skyline', '/search'));
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  // The clock also runs in real time while the page loads: 25 s leaves a loaded machine 5 s of it.
  await page.clock.runFor(25_000);
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await page.clock.runFor(6_000);
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');

  const frame = widget(page).locator('iframe');
  await expect(frame).toBeVisible();
  const src = new URL((await frame.getAttribute('src'))!);
  expect(src.origin).toBe(PROVIDERS_ORIGIN);
  expect(src.pathname).toBe('/survey/dining-2026');
  expect(src.searchParams.get('utm_campaign')).toBe('dining-2026');
  expect(src.searchParams.get('utm_medium')).toBe('web');
  expect(src.searchParams.get('utm_source')).toBe('/search');
  expect(src.searchParams.get('public_id')).toBe('');
  expect(src.searchParams.get('partner_code')).toBe('skyline');
  expect(src.searchParams.get('parent')).toBe(url('skyline', '').replace(/\/$/, ''));
  const height = await frame.evaluate((el) => el.parentElement!.getBoundingClientRect().height);
  expect(height).toBe(450);

  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(frame).toBeHidden();
});

test('submitting the form closes the widget 4 s later and keeps it away for cookie_timeout days', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-06-01T09:00:00Z') });
  await withCms(page, survey({ cookie_timeout: 10 }));
  await page.goto(url('skyline', '/search'));
  const form = page.frameLocator('iframe[title="Tell us what you think"]');
  await form.getByRole('radio', { name: /4/ }).check();
  await form.getByLabel(/Anything else/).fill('Great selection near the office.');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await page.clock.runFor(3_500);
  await expect(widget(page)).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(widget(page)).toHaveCount(0);

  await page.clock.setSystemTime(new Date('2026-06-10T09:00:00Z'));
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(widget(page)).toHaveCount(0);
  await page.clock.setSystemTime(new Date('2026-06-11T10:00:00Z'));
  await page.reload();
  await expect(widget(page)).toBeVisible();
});

test('closing records the last-seen time (default cookie_timeout 90 days)', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-06-01T09:00:00Z') });
  await withCms(page, survey());
  await page.goto(url('skyline', '/search'));
  await widget(page).getByRole('button', { name: 'Close survey' }).click();
  await expect(widget(page)).toHaveCount(0);
  await page.clock.setSystemTime(new Date(Date.parse('2026-06-01T09:00:00Z') + 89 * DAY));
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(widget(page)).toHaveCount(0);
  await page.clock.setSystemTime(new Date(Date.parse('2026-06-01T09:00:00Z') + 91 * DAY));
  await page.reload();
  await expect(widget(page)).toBeVisible();
});

test('a submitted message from any other origin is ignored', async ({ page }) => {
  await withCms(page, survey());
  await page.goto(url('skyline', '/search'));
  await expect(widget(page)).toBeVisible();
  // Same shape, wrong origin (the page itself).
  await page.evaluate(() => window.postMessage({ type: 'survey:submitted' }, '*'));
  await page.waitForTimeout(4_500);
  await expect(widget(page)).toBeVisible();
});
