// axe (WCAG 2.2 AA) on the frame of two partners — with the member dropdown and the mobile menu
// open, the announcement banner and the survey — and screenshots at 1280 and 375 px to look at.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, entry, quietNotices, signIn, url, withCms } from './frame-helpers.ts';

test.use(NO_SERVICE_WORKER);

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const CMS = {
  '*': [
    entry('navbar', { nav_links: [{ text_desktop: 'Find restaurants', text_mobile: 'Restaurants', url: '/search' }] }),
    entry('footer', {
      primary_links: [
        { text: 'How it works', url: '/how-it-works' },
        { text: 'Offers', url: '/earn' },
      ],
      secondary_links: [
        { text: 'Terms of use', url: '/terms' },
        { text: 'Privacy', url: '/privacy' },
      ],
      disclaimer: '<p>Rewards post within 6-8 weeks of dining. Terms apply.</p>',
    }),
  ],
  announcement_banner: [
    entry('spring', {
      banner_copy: [
        { type: 'text', copy: 'Earn 3x on weekend brunch.' },
        { type: 'link', copy: 'See offers', url: '/earn' },
      ],
      tooltip_copy: 'Saturdays and Sundays until June 30.',
    }),
  ],
  surveys: [entry('feedback', { text: 'Tell us what you think', id: 'dining-2026', delay_timeout: 3600 })],
};

/** The frame only: the page content belongs to other tests. */
async function frameViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).exclude('#main').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const partner of ['skyline', 'harbor']) {
  test(`${partner}: no axe violations in the frame (closed and open states)`, async ({ page }) => {
    await quietNotices(page);
    await withCms(page, CMS);
    await page.goto(url(partner, '/search'));
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(await frameViolations(page)).toEqual([]);

    await page.getByRole('region', { name: 'Announcement' }).getByRole('button', { name: 'Details' }).click();
    await page.getByRole('region', { name: 'Survey' }).getByRole('button', { name: 'Tell us what you think' }).click();
    expect(await frameViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await frameViolations(page)).toEqual([]);
  });
}

for (const partner of ['skyline', 'harbor']) {
  test(`${partner}: no axe violations at 375 px with the mobile menu drawer open`, async ({ page }) => {
    await quietNotices(page);
    await withCms(page, CMS);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(url(partner, '/search'));
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await expect(menuButton).toBeVisible();
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    // The drawer at phone width: the navbar's mobile text, inside the 375 px viewport.
    await expect(drawer.getByRole('link', { name: 'Restaurants', exact: true })).toBeVisible();
    await expect(drawer).toBeInViewport();
    expect(await page.evaluate(() => window.innerWidth)).toBe(375);
    expect(await frameViolations(page)).toEqual([]);
  });
}

test('skyline card member: dropdown open, no axe violations', async ({ page }) => {
  await quietNotices(page);
  await signIn(page.request, 'skyline', 'card2@skyline.example');
  await page.goto(url('skyline', '/search'));
  await page.getByRole('banner').getByRole('button', { name: /^Hi, / }).click();
  expect(await frameViolations(page)).toEqual([]);
});

test('modals have no axe violations (metro announcement, greenleaf popup)', async ({ page }) => {
  await page.goto(url('metro', '/search'));
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await frameViolations(page)).toEqual([]);
  await page.goto(url('greenleaf', '/search'));
  await page.evaluate(() => localStorage.setItem('mb.announcementModal.queue-test.dismissedUntil', String(Date.UTC(2100, 0, 1))));
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await frameViolations(page)).toEqual([]);
});

test('screenshots at 1280 and 375 px', async ({ page }, testInfo) => {
  test.skip(!process.env.FRAME_SCREENSHOTS, 'set FRAME_SCREENSHOTS=1 to write them');
  await quietNotices(page);
  await withCms(page, CMS);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
    for (const partner of ['skyline', 'harbor', 'greenleaf', 'openplate']) {
      await page.goto(url(partner, '/search'));
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`frame-${partner}-${width}.png`), fullPage: true });
    }
  }
});
