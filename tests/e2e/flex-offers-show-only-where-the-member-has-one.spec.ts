// Flex offers on the merchant page (spec 001 §7): shown to members of a partner with hasFlexOffers
// (skyline) where the member has one, never on partners without (greenleaf).
import { expect, test } from '@playwright/test';
import { quietNotices, signIn } from './frame-helpers.ts';

import { PORT } from './worker-server.ts';

const origin = (partner: string) => `http://${partner}.localhost:${PORT}`;
const FLEX = /^Your personal offer: earn [\d,]+ bonus /;

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('skyline member: the flex offer shows where the member has one, and not elsewhere', async ({ page }) => {
      await signIn(page.request, 'skyline', 'card2@skyline.example');
      let withOffer: string | null = null;
      let without: string | null = null;
      for (let id = 10001; id < 10040 && !(withOffer && without); id++) {
        const res = await page.request.get(`${origin('skyline')}/api/merchants/${id}/flex-offers/members/skyline-card-2`);
        if (res.status() === 200) withOffer ??= String(id);
        else without ??= String(id);
      }
      expect(withOffer && without).toBeTruthy();
      const amount = (
        (await (await page.request.get(`${origin('skyline')}/api/merchants/${withOffer}/flex-offers/members/skyline-card-2`)).json()) as {
          webMessageOfferAmount: number;
        }
      ).webMessageOfferAmount;
      await page.goto(`${origin('skyline')}/merchants/${withOffer}`);
      const offers = page.getByRole('region', { name: 'Your offers here' });
      await expect(offers.getByText(FLEX)).toHaveText(
        `Your personal offer: earn ${amount.toLocaleString('en-US')} bonus miles on your next visit.`,
      );
      await page.goto(`${origin('skyline')}/merchants/${without}`);
      await expect(page.getByRole('region', { name: 'Your offers here' }).getByText(/^Earn 3 /)).toBeVisible();
      await expect(page.getByText(FLEX)).toHaveCount(0);
    });

    test('skyline member at a restaurant without an offer: the lookup answers "no offer" and nothing logs an error', async ({ page }) => {
      await signIn(page.request, 'skyline', 'card2@skyline.example');
      let without: string | null = null;
      for (let id = 10001; id < 10040 && !without; id++) {
        const res = await page.request.get(`${origin('skyline')}/api/merchants/${id}/flex-offers/members/skyline-card-2`);
        if (res.status() !== 200) without = String(id);
      }
      expect(without).toBeTruthy();
      const failed: string[] = [];
      const consoleErrors: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      // Map tiles come from the internet, which these machines lack: only answers of this server count.
      page.on('console', (m) => {
        if (m.type() === 'error' && /status of \d{3}/.test(m.text())) consoleErrors.push(m.text());
      });
      const lookup = page.waitForResponse((r) => r.url().includes('/flex-offers/members/'));
      await page.goto(`${origin('skyline')}/merchants/${without}`);
      expect((await lookup).status()).toBe(204);
      await expect(page.getByRole('region', { name: 'Your offers here' }).getByText(/^Earn 3 /)).toBeVisible();
      await expect(page.getByText(FLEX)).toHaveCount(0);
      expect(failed).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });

    test('greenleaf (no flex offers): no flex offer line and no flex-offer call', async ({ page }) => {
      await signIn(page.request, 'greenleaf', 'card2@greenleaf.example');
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/flex-offers/')) calls.push(r.url());
      });
      await page.goto(`${origin('greenleaf')}/merchants/10006`);
      await expect(page.getByRole('region', { name: 'Your offers here' }).getByText(/^Earn 5% /)).toBeVisible();
      await expect(page.getByText(FLEX)).toHaveCount(0);
      expect(calls).toEqual([]);
    });
  });
}
