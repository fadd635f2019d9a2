// Findable pages, as a browser (and Lighthouse) sees them once the app has run: every public page
// kind of every partner keeps a meta description and its canonical address, the head follows a
// client-side navigation, members' pages say noindex, and an unknown merchant's page is a 404 that
// says Not Found. (What the server sends is checked in tests/server/pages-say-what-they-are.test.ts.)
import { expect, test, type Page } from '@playwright/test';
import { quietNotices, signIn, url } from './frame-helpers.ts';
import { ALL_PARTNERS, pageKinds } from './page-kinds.ts';

test.describe.configure({ mode: 'parallel' });
test.use({ serviceWorkers: 'block' });

async function head(page: Page) {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? null,
    descriptions: document.querySelectorAll('meta[name="description"]').length,
  }));
}

for (const partner of ALL_PARTNERS) {
  test(`every public page of ${partner} keeps its description and canonical address once the app runs`, async ({ page }) => {
    for (const { kind, path } of pageKinds(partner).filter((k) => k.indexable)) {
      await page.goto(url(partner, path), { waitUntil: 'networkidle' });
      const got = await head(page);
      const what = `${partner} ${kind} ${path}`;
      expect(got.descriptions, what).toBe(1);
      expect(got.description?.length ?? 0, what).toBeGreaterThan(40);
      expect(got.canonical, what).toBe(url(partner, path.split('?')[0]));
      expect(got.robots, what).toBeNull();
      expect(got.title, what).toMatch(/\S/);
      expect(got.ogTitle, what).toBe(got.title);
    }
  });
}

test('the head follows a client-side navigation: another page, another description and address', async ({ page }) => {
  await quietNotices(page);
  await page.goto(url('harbor', '/'), { waitUntil: 'networkidle' });
  const home = await head(page);
  await page
    .getByRole('link', { name: /Explore restaurants near you/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/search/);
  await expect.poll(async () => (await head(page)).canonical).toBe(url('harbor', '/search'));
  const search = await head(page);
  expect(search.description).not.toBe(home.description);
  expect(search.description).toMatch(/Search participating restaurants/);
  expect(search.title).toBe('Find restaurants | Harbor Rewards Dining');
});

test("an unknown merchant's page answers 404 and says Not Found; a real one answers 200 and names the merchant", async ({ page }) => {
  const missing = await page.goto(url('skyline', '/merchants/99999999'));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
  // The app rewrites the head after it has drawn the page (its head rules load on first use).
  await expect.poll(async () => (await head(page)).robots).toBe('noindex');
  const found = await page.goto(url('skyline', '/merchants/10013'), { waitUntil: 'networkidle' });
  expect(found?.status()).toBe(200);
  const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect((await head(page)).description).toContain(name.trim());
});

test("members' pages say noindex", async ({ page }) => {
  await signIn(page.request, 'greenleaf', 'card2@greenleaf.example');
  for (const path of ['/account/overview', '/account/recent_activity', '/account/manage_cards', '/account/user_profile']) {
    await page.goto(url('greenleaf', path), { waitUntil: 'networkidle' });
    expect((await head(page)).robots, path).toBe('noindex');
  }
});
