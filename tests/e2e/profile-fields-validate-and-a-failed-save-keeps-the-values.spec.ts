// Member Profile (spec 001 §5 profile rules, §4 SMS v2, §8 save messages): the README's demo members
// see every field (read-only email with the Member Services text, email opt-in, masked password
// for direct enrolment, state list with DC and territories); fields validate on blur (required,
// ZIP digits, the ZIP's US check, US phone shown ddd-ddd-dddd); a save says "All changes were
// saved." or "No changes were made.", places the server's field errors (first focused), or shows
// the toast and the bottom message while keeping every typed value. Opting in to emails makes the
// member a Select Member at once: merchant cards show the tier-2 earn rate. The credit partner's
// SMS v2 toggle asks to confirm. Airline (skyline) and credit (metro), phone and desktop, axe clean.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { NO_SERVICE_WORKER, gotoUntil, patchPartner, quietNotices, signIn, url } from './frame-helpers.ts';
import { enrolMember } from './auth-helpers.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.use(NO_SERVICE_WORKER);

test.beforeEach(async ({ page }) => {
  await quietNotices(page);
});

async function expectAxeClean(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')}`)).toEqual([]);
}

const form = (page: Page) => page.getByRole('form', { name: 'Member Profile' });
const field = (page: Page, name: string | RegExp) => form(page).getByRole('textbox', { name });
const save = (page: Page) => form(page).getByRole('button', { name: 'Save changes' });

async function openProfile(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(form(page)).toBeVisible();
}

for (const width of [375, 1280]) {
  test(`skyline at ${width}px: a member's profile, validated on blur`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page.request, 'skyline', 'card2@skyline.example');
    await page.goto(url('skyline', '/account/user_profile'));
    await openProfile(page);

    const email = field(page, 'Email');
    await expect(email).toHaveValue('card2@skyline.example');
    await expect(email).toHaveAttribute('readonly', '');
    await expect(form(page)).toContainText('To change your email, contact Member Services at 1-800-555-0111.');
    await expect(form(page).getByRole('checkbox', { name: 'Send me emails about offers from Skyline SkyDining' })).toBeChecked();
    const password = form(page).getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('readonly', '');
    const state = form(page).getByRole('combobox', { name: 'State' });
    await expect(state.getByRole('option', { name: 'District of Columbia' })).toHaveCount(1);
    await expect(state.getByRole('option', { name: 'Puerto Rico' })).toHaveCount(1);
    await expect(state.getByRole('option', { name: 'Guam' })).toHaveCount(1);
    await expectAxeClean(page);
    await page.screenshot({ path: `test-results/account-profile-skyline-${width}.png`, fullPage: true });

    // Validation on blur.
    await field(page, 'First name').fill('');
    await field(page, 'First name').blur();
    await expect(form(page)).toContainText('First name is required.');
    await field(page, 'ZIP code').fill('123');
    await field(page, 'ZIP code').blur();
    await expect(form(page)).toContainText('ZIP code must have 5 digits.');
    await field(page, 'ZIP code').fill('00000');
    await field(page, 'ZIP code').blur();
    await expect(form(page)).toContainText('This ZIP is not located in the U.S.');
    await field(page, 'Mobile phone').fill('123-456');
    await field(page, 'Mobile phone').blur();
    await expect(form(page)).toContainText('Invalid US based phone number.');
    await field(page, 'Mobile phone').fill('2125550199');
    await field(page, 'Mobile phone').blur();
    await expect(field(page, 'Mobile phone')).toHaveValue('212-555-0199');
    await expect(form(page)).not.toContainText('Invalid US based phone number.');

    // A save with errors sends nothing and focuses the first.
    await save(page).click();
    await expect(field(page, 'First name')).toBeFocused();
    await expect(field(page, 'First name')).toHaveAttribute('aria-invalid', 'true');
    // From the top: scrolled, the sticky header covers fields, which axe counts against them.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAxeClean(page);
  });
}

test('skyline: opting in to emails saves and makes the member a Select Member; without a card, merchant cards ask for one', async ({
  page,
}) => {
  await enrolMember('skyline', 'profile', { signedIn: page.request });
  // A member without a card earns nothing yet: merchant cards ask for a card, not show a rate.
  await page.goto(url('skyline', '/search'));
  await expect(page.getByRole('link', { name: 'Link a card to earn here' }).first()).toBeVisible();
  await expect(page.getByText('Earn 1 mile per $2')).toHaveCount(0);

  await page.goto(url('skyline', '/account/user_profile'));
  await openProfile(page);
  const optIn = form(page).getByRole('checkbox', { name: 'Send me emails about offers from Skyline SkyDining' });
  await expect(optIn).not.toBeChecked();
  // Nothing changed yet.
  await save(page).click();
  await expect(page.getByText('No changes were made.')).toBeVisible();

  await optIn.check();
  await field(page, 'Mobile phone').fill('(212) 555 0199');
  await save(page).click();
  await expect(page.getByText('All changes were saved.')).toBeVisible();
  await expect(field(page, 'Mobile phone')).toHaveValue('212-555-0199');

  await page.getByRole('link', { name: 'Account Overview' }).click();
  await expect(page.getByRole('region', { name: 'Your status' })).toContainText('Select Member');

  await page.goto(url('skyline', '/account/user_profile'));
  await expect(form(page).getByRole('checkbox', { name: /Send me emails/ })).toBeChecked();
  await expect(field(page, 'Mobile phone')).toHaveValue('212-555-0199');
});

test('skyline: a failed save keeps every typed value, with the toast and the message at the bottom', async ({ page }) => {
  await signIn(page.request, 'skyline', 'card0@skyline.example');
  await page.goto(url('skyline', '/account/user_profile'));
  await openProfile(page);
  await page.route('**/api/Member', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, json: { message: 'The profile service is down.' } })
      : route.fallback(),
  );
  await field(page, 'City').fill('Boston');
  await field(page, 'Address').fill('1 Main St');
  await save(page).click();
  await expect(page.getByText('No changes were saved. See error at bottom of page for more details.')).toBeVisible();
  await expect(form(page).getByRole('alert')).toContainText('The profile service is down.');
  await expect(field(page, 'City')).toHaveValue('Boston');
  await expect(field(page, 'Address')).toHaveValue('1 Main St');

  // The ZIP's US check: a check that fails says so; each value is checked once (cached).
  await page.unroute('**/api/Member');
  const checked: string[] = [];
  await page.route('**/api/Members/Validate/Zip*', (route) => {
    const zip = new URL(route.request().url()).searchParams.get('zip') ?? '';
    checked.push(zip);
    return zip === '60601' ? route.fulfill({ status: 503, json: { message: 'down' } }) : route.fallback();
  });
  await field(page, 'ZIP code').fill('60601');
  await field(page, 'ZIP code').blur();
  await expect(form(page)).toContainText('Error while checking ZIP code.');
  await field(page, 'ZIP code').fill('94103');
  await field(page, 'ZIP code').blur();
  await expect(form(page)).not.toContainText('Error while checking ZIP code.');
  await field(page, 'ZIP code').fill('10036');
  await field(page, 'ZIP code').blur();
  await field(page, 'ZIP code').fill('94103');
  await field(page, 'ZIP code').blur();
  await expect(field(page, 'ZIP code')).not.toHaveAttribute('aria-invalid', 'true');
  expect(checked.filter((zip) => zip === '94103')).toHaveLength(1);
  await page.unroute('**/api/Members/Validate/Zip*');

  // The server's field errors land on their fields, the first focused.
  await page.route('**/api/Member', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 400,
          json: {
            statusCode: 400,
            error: 'Bad Request',
            code: 'invalid',
            message: 'City is required.',
            errors: [
              { field: 'city', message: 'City is not known.' },
              { field: 'zipCode', message: 'This ZIP is not located in the U.S.' },
            ],
          },
        })
      : route.fallback(),
  );
  await save(page).click();
  await expect(field(page, 'City')).toBeFocused();
  await expect(form(page)).toContainText('City is not known.');
  await expect(form(page)).toContainText('This ZIP is not located in the U.S.');
  await expect(field(page, 'City')).toHaveValue('Boston');
});

for (const width of [375, 1280]) {
  test(`metro at ${width}px: SMS v2 asks to confirm, needs a phone, and the address is optional for a credit partner`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await enrolMember('metro', `sms${width}`, { signedIn: page.request });
    await page.goto(url('metro', '/account/user_profile'));
    await openProfile(page);
    // Credit partners need no full address, whatever fullAddressRequired says.
    await field(page, 'Address').fill('');
    await field(page, 'Address').blur();
    await expect(form(page)).not.toContainText('Address is required.');

    const toggle = form(page).getByRole('switch', { name: 'Send me text messages about offers' });
    await expect(toggle).toBeDisabled();
    await expect(form(page)).toContainText('Add a mobile number to turn on text messages.');
    // Not yet a valid US number: still disabled.
    await field(page, 'Mobile phone').fill('212-555');
    await expect(toggle).toBeDisabled();
    await expect(form(page)).toContainText('Enter a valid US mobile number to turn on text messages.');
    await field(page, 'Mobile phone').fill('212-555-0142');
    await expect(toggle).toBeEnabled();
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Turn on text messages?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog).toContainText('Please tick the box to turn on text messages.');
    await expectAxeClean(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');

    await toggle.click();
    await dialog.getByRole('checkbox', { name: 'I agree to receive recurring text messages.' }).check();
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await save(page).click();
    await expect(page.getByText('All changes were saved.')).toBeVisible();
    await expectAxeClean(page);
    await page.screenshot({ path: `test-results/account-profile-metro-${width}.png`, fullPage: true });

    await page.reload();
    await expect(form(page).getByRole('switch', { name: /text messages/ })).toHaveAttribute('aria-checked', 'true');
    // An invalid number turns it off; an emptied one turns it off and disables it.
    await field(page, 'Mobile phone').fill('212-555-01');
    await expect(form(page).getByRole('switch', { name: /text messages/ })).toHaveAttribute('aria-checked', 'false');
    await field(page, 'Mobile phone').fill('');
    await expect(form(page).getByRole('switch', { name: /text messages/ })).toHaveAttribute('aria-checked', 'false');
    await expect(form(page).getByRole('switch', { name: /text messages/ })).toBeDisabled();
  });
}

test('greenleaf (SMS v1): a checkbox that needs a phone, cleared when the number changes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await enrolMember('greenleaf', 'smsv1', { signedIn: page.request });
  await page.goto(url('greenleaf', '/account/user_profile'));
  await openProfile(page);
  await expect(form(page).getByRole('switch')).toHaveCount(0);
  const sms = form(page).getByRole('checkbox', { name: 'Send me text messages about offers' });
  await expect(sms).toBeDisabled();
  await field(page, 'Mobile phone').fill('212-555-0142');
  await sms.check();
  await save(page).click();
  await expect(page.getByText('All changes were saved.')).toBeVisible();
  await page.reload();
  await expect(sms).toBeChecked();
  await expect(field(page, 'Mobile phone')).toHaveValue('212-555-0142');

  // A different number clears it at once; saving keeps it cleared.
  await field(page, 'Mobile phone').fill('212-555-0199');
  await expect(sms).not.toBeChecked();
  await save(page).click();
  await expect(page.getByText('All changes were saved.')).toBeVisible();
  await page.reload();
  await expect(field(page, 'Mobile phone')).toHaveValue('212-555-0199');
  await expect(sms).not.toBeChecked();
  await expectAxeClean(page);
});

test('a partner that hides email opt-in (partner.json hideEmailOptIn) shows no email opt-in', async ({ page }) => {
  await signIn(page.request, 'greenleaf', 'renewing@greenleaf.example');
  const optIn = () => form(page).getByRole('checkbox', { name: /Send me emails/ });
  await page.goto(url('greenleaf', '/account/user_profile'));
  await openProfile(page);
  await expect(optIn()).toBeVisible();
  const restore = patchPartner('greenleaf', { hideEmailOptIn: true });
  try {
    await gotoUntil(page, url('greenleaf', '/account/user_profile'), async () => {
      await openProfile(page);
      return (await optIn().count()) === 0;
    });
    await expect(field(page, 'Email')).toHaveValue('renewing@greenleaf.example');
    await field(page, 'City').fill('Chicago');
    await save(page).click();
    await expect(page.getByText('All changes were saved.')).toBeVisible();
  } finally {
    restore();
  }
});
