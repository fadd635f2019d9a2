// Walks every partner's pages as a visitor and as members, and checks on each page what a member
// never sees go right but notices when it goes wrong:
// - exactly one h1 (the page's title for screen readers and the outline), also per axe's rule;
// - the Content-Security-Policy never gets in the way: not one `securitypolicyviolation` fires in
//   the page or any of its frames (the card frame and captcha from the providers origin included),
//   and the console shows no CSP error (tests/server/security-headers.test.ts checks the policy).
// One walk serves both checks, so each page loads once. On a partner without enrolment, /join is
// Not Found inside the normal frame (menu, navigation), not the bare enrolment header.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { quietNotices, url } from './frame-helpers.ts';
import { CAPTCHA_FRAME_TITLE, cardFrame } from './auth-helpers.ts';
import { ACCOUNT_PATHS, anonymousPaths, flagsOf, MERCHANT_ID, PARTNERS, signInAs, type PartnerId } from './page-walk.ts';

// Long walks on a shared machine: the limit is generous, nothing here is timed.
test.describe.configure({ timeout: 300_000 });

/** Routes beyond the main ones: what a link in an e-mail, an order button or a survey opens. */
function morePaths(partner: PartnerId): string[] {
  const enrolment = flagsOf(partner).enrollmentType !== 'none';
  return [
    `/merchants/${MERCHANT_ID}/Order`,
    '/surveys',
    '/error',
    '/no/such/page',
    ...(enrolment ? [`/activate?public_id=${partner}-known-1`] : []),
  ];
}

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

/** Loads a page, lets it settle (lazy blocks and their queries), and checks it has one h1. */
async function visit(page: Page, address: string): Promise<void> {
  await page.goto(address);
  await expect(page.locator('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const headings = page.locator('h1');
  await expect(headings, `${address}: ${(await headings.allTextContents()).join(' | ')}`).toHaveCount(1);
  await expect(headings.first()).not.toBeEmpty();
  const axe = await new AxeBuilder({ page }).withRules(['page-has-heading-one']).analyze();
  expect(
    axe.violations.map((v) => v.id),
    address,
  ).toEqual([]);
}

for (const partner of PARTNERS) {
  test(`${partner}: every page a visitor opens has one h1 and breaks no Content-Security-Policy`, async ({ page }) => {
    await quietNotices(page);
    const violations = await watchCsp(page);
    const visited: string[] = [];
    for (const path of [...anonymousPaths(partner), ...morePaths(partner)]) {
      await visit(page, url(partner, path));
      visited.push(path);
    }
    expect(violations, `CSP violations while visiting ${visited.join(', ')}`).toEqual([]);
  });

  if (flagsOf(partner).enrollmentType !== 'none') {
    test(`${partner}: every page a member opens has one h1 and breaks no Content-Security-Policy`, async ({ page }) => {
      await quietNotices(page);
      const violations = await watchCsp(page);
      // A member without a card adds one: the card frame and the captcha load from the providers origin.
      await signInAs(page, partner, 'noncard');
      await visit(page, url(partner, '/add_card'));
      await expect(cardFrame(page).getByRole('textbox', { name: /Card number/ })).toBeVisible();
      await expect(page.frameLocator(`iframe[title="${CAPTCHA_FRAME_TITLE}"]`).getByRole('checkbox')).toBeVisible();
      await page.context().clearCookies();

      await signInAs(page, partner, 'card2');
      for (const path of ['/', ...ACCOUNT_PATHS]) await visit(page, url(partner, path));
      expect(violations, 'CSP violations while visiting /add_card, / and the account centre').toEqual([]);
    });
  }
}

test('a partner without enrolment shows /join as Not Found inside the normal frame', async ({ page }) => {
  await quietNotices(page);
  await page.goto(url('openplate', '/join'));
  // openplate's own Not Found copy.
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Nothing on the menu here' })).toBeVisible();
  const banner = page.getByRole('banner');
  // The normal header: the menu button and the main navigation, which enrolment pages leave out.
  await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(banner.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText('Already a member?')).toHaveCount(0);
});
