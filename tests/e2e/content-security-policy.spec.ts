// The Content-Security-Policy never gets in a member's way: walking every partner's main pages —
// home, discover, sign-in, join, search, a restaurant, adding a card with the card frame and
// captcha, the account centre — not one `securitypolicyviolation` fires, in the page or in any of
// its frames, and the console shows no CSP error. (tests/server/security-headers.test.ts checks
// the policy itself.)
import { expect, test, type Page } from '@playwright/test';
import { quietNotices, url } from './frame-helpers.ts';
import { CAPTCHA_FRAME_TITLE, cardFrame } from './auth-helpers.ts';
import { ACCOUNT_PATHS, anonymousPaths, flagsOf, PARTNERS, signInAs } from './page-walk.ts';

// Long walks on a shared machine: the limit is generous, nothing here is timed.
test.describe.configure({ timeout: 300_000 });

/** Collects CSP violations from the page and every frame in it (exposed functions reach all frames). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__mbReportCspViolation', (report: string) => violations.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __mbReportCspViolation?: (r: string) => void }).__mbReportCspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${location.href}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

async function visit(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await expect(page.locator('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const partner of PARTNERS) {
  test(`${partner}: no page breaks the Content-Security-Policy`, async ({ page }) => {
    await quietNotices(page);
    const violations = await watchCsp(page);
    const visited: string[] = [];

    for (const path of anonymousPaths(partner)) {
      await visit(page, url(partner, path));
      visited.push(path);
    }

    if (flagsOf(partner).enrollmentType !== 'none') {
      // A member without a card adds one: the card frame and the captcha load from the providers origin.
      await signInAs(page, partner, 'noncard');
      await visit(page, url(partner, '/add_card'));
      await expect(cardFrame(page).getByRole('textbox', { name: /Card number/ })).toBeVisible();
      await expect(page.frameLocator(`iframe[title="${CAPTCHA_FRAME_TITLE}"]`).getByRole('checkbox')).toBeVisible();
      visited.push('/add_card');
      await page.context().clearCookies();

      await signInAs(page, partner, 'card2');
      for (const path of ACCOUNT_PATHS) {
        await visit(page, url(partner, path));
        visited.push(path);
      }
    }

    expect(violations, `CSP violations while visiting ${visited.join(', ')}`).toEqual([]);
  });
}
