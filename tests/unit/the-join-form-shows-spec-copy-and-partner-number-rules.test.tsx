// @vitest-environment happy-dom
// The join page (spec 000 §2 /join, §5; 001 §5, §8): the rfr reason code shows as copy; the
// enrolment errors "This email is already in use with the program.", partner number invalid or in
// use, invalid US phone and "already have an account" come from the copy catalogue; the partner
// number follows the 10-digit rules and may not appear in the password; passwords stop at 56.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCsrfToken } from '#client/api/http.ts';
import { fakeFetch, makeRuntime, memberFixture, renderWithApp, type FetchCall } from '#tests/utils/render.tsx';
import { MESSAGES } from '#server/auth/replies.ts';
import { JoinForm } from '#client/features/enrolment/index.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

const box = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const passwordBox = (name: string) => screen.getByLabelText(new RegExp(`^${name}\\*?$`), { selector: 'input' }) as HTMLInputElement;
/** The message a field points at with aria-describedby (its error comes last). */
const fieldError = (input: HTMLInputElement) =>
  document.getElementById(input.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent;

type User = ReturnType<typeof userEvent.setup>;

/** Fills skyline's join form (direct enrolment, partner number "SkyMiles number", no phone). */
async function fillSkyline(user: User, overrides: Partial<Record<'partnerNumber' | 'password', string>> = {}) {
  await user.type(box('First name'), 'Ada');
  await user.type(box('Last name'), 'Lovelace');
  await user.type(box('Email address'), 'ada@example.com');
  await user.type(passwordBox('Password'), overrides.password ?? 'Dining-2026!');
  await user.type(passwordBox('Confirm password'), overrides.password ?? 'Dining-2026!');
  await user.type(box('ZIP code'), '10001');
  await user.type(box('SkyMiles number'), overrides.partnerNumber ?? '1234567897');
}

function api(prospects: { status?: number; body?: unknown } | ((call: FetchCall) => { status?: number; body?: unknown })) {
  const fake = fakeFetch({
    'GET /api/Members/Validate/Email': { body: { isValid: true } },
    'POST /api/Members/Prospects': prospects,
  });
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('rfr reason codes on /join', () => {
  it.each([
    ['0', 'Your activation link is missing some information. Join below, or sign in if you have an account.'],
    ['1', 'We could not find your account from that link. Join below to get started.'],
    ['2', 'Your membership is active, but you have no online account yet. Join below to create one.'],
  ])('shows the copy of rfr=%s', (rfr, text) => {
    renderWithApp(<JoinForm />, { route: `/join?rfr=${rfr}` });
    const notice = screen.getByText((_content, element) => element?.tagName === 'P' && element.textContent === text);
    expect(notice.closest('[role="status"]')).toBeTruthy();
  });

  it('links "sign in" in the rfr=0 text to the sign-in page', () => {
    renderWithApp(<JoinForm />, { route: '/join?rfr=0' });
    const status = screen.getByText(/Your activation link is missing some information/).closest('[role="status"]') as HTMLElement;
    expect(within(status).getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe('/login');
  });

  it('takes the text from the partner copy catalogue', () => {
    renderWithApp(<JoinForm />, { route: '/join?rfr=1', copy: { 'join.rfr1': 'No {programName} account matches that link.' } });
    expect(screen.getByText('No Skyline SkyDining account matches that link.')).toBeTruthy();
  });

  it('shows it on the sso join page too', () => {
    renderWithApp(<JoinForm />, { route: '/join?rfr=2', partner: 'harbor' });
    expect(screen.getByText('Your membership is active, but you have no online account yet. Join below to create one.')).toBeTruthy();
  });

  it.each(['', '3', '9', 'abc'])('shows nothing for rfr=%s', (rfr) => {
    renderWithApp(<JoinForm />, { route: `/join?rfr=${rfr}` });
    expect(screen.queryByText(/Join below/)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('enrolment copy in the base catalogue', () => {
  it('holds the spec texts word for word, the same the server answers with', () => {
    const copy = makeRuntime().partner.copy;
    expect(copy['join.emailInUse']).toBe('This email is already in use with the program.');
    expect(copy['join.emailInUse']).toBe(MESSAGES.emailInUse);
    expect(copy['join.partnerNumberInvalid']).toBe(MESSAGES.partnerNumberInvalid);
    expect(copy['join.partnerNumberInUse']).toBe(MESSAGES.partnerNumberInUse);
    expect(copy['join.passwordHasPartnerNumber']).toBe(MESSAGES.passwordContainsPartnerNumber);
    expect(copy['join.passwordsDiffer']).toBe(MESSAGES.passwordsDiffer);
    expect(copy['form.invalidUsPhone']).toBe('Invalid US based phone number.');
    expect(copy['form.invalidUsPhone']).toBe(MESSAGES.invalidPhone);
    expect(copy['form.invalidPhone']).toBe('Invalid phone number, please check the number and try again.');
    expect(copy['join.alreadyHaveAccount']).toBe(
      'You already have an account. [Sign in](link:signIn) or [recover your password](link:recover).',
    );
    for (const code of ['0', '1', '2']) expect(copy[`join.rfr${code}`], `join.rfr${code}`).toMatch(/\S/);
  });

  it('has the spec enrolment errors, and the form shows them', async () => {
    // The same texts the server answers with (src/server/auth/replies.ts), as copy keys.
    const user = userEvent.setup();
    const fake = fakeFetch({ 'GET /api/Members/Validate/Email': { body: { isValid: false } } });
    vi.stubGlobal('fetch', fake.fetch);
    renderWithApp(<JoinForm />, { route: '/join' });
    await user.type(box('Email address'), 'card0@skyline.example');
    await user.tab();
    await waitFor(() => expect(fieldError(box('Email address'))).toBe('This email is already in use with the program.'));
    const notice = screen.getByText(/You already have an account\./).closest('[role="status"]') as HTMLElement;
    expect(notice.textContent).toBe('You already have an account. Sign in or recover your password.');
    expect(within(notice).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(within(notice).getByRole('link', { name: 'recover your password' }).getAttribute('href')).toBe('/recover');
  });

  it('says "Error while checking Email address." when the email check itself fails', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/Members/Validate/Email': { status: 500 } }).fetch);
    renderWithApp(<JoinForm />, { route: '/join' });
    await user.type(box('Email address'), 'ada@example.com');
    await user.tab();
    await waitFor(() => expect(fieldError(box('Email address'))).toBe('Error while checking Email address.'));
    expect(screen.queryByText(/You already have an account/)).toBeNull();
  });
});

describe('partner number and password rules on the form', () => {
  it('refuses a partner number that passes none of the three checks', async () => {
    const user = userEvent.setup();
    const fake = api({ status: 201, body: { status: 'member' } });
    renderWithApp(<JoinForm />, { route: '/join' });
    // 0000008703: just below the 8704-8999 range; check digit of 000000870 is 6, not 3.
    await fillSkyline(user, { partnerNumber: '0000008703' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fieldError(box('SkyMiles number'))).toBe('Please enter a valid SkyMiles number.'));
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('refuses a partner number of fewer than 10 digits', async () => {
    const user = userEvent.setup();
    api({ status: 201, body: { status: 'member' } });
    renderWithApp(<JoinForm />, { route: '/join' });
    await fillSkyline(user, { partnerNumber: '8704' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fieldError(box('SkyMiles number'))).toBe('Please enter a valid SkyMiles number.'));
  });

  it('refuses a password that contains the partner number', async () => {
    const user = userEvent.setup();
    const fake = api({ status: 201, body: { status: 'member' } });
    renderWithApp(<JoinForm />, { route: '/join' });
    await fillSkyline(user, { password: 'Dine1234567897', partnerNumber: '1234567897' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fieldError(passwordBox('Password'))).toBe('Your password must not contain your SkyMiles number.'));
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('stops both password fields at 56 characters', () => {
    renderWithApp(<JoinForm />, { route: '/join' });
    expect(passwordBox('Password').maxLength).toBe(56);
    expect(passwordBox('Confirm password').maxLength).toBe(56);
  });
});

describe('server answers mapped to copy', () => {
  it('shows the partner number in use on its field, and keeps what the user typed', async () => {
    const user = userEvent.setup();
    setCsrfToken('token-1');
    const message = 'This SkyMiles number is already in use with the program.';
    const fake = api({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', code: 'partner_number_in_use', message, errors: [{ field: 'partnerNumber', message }] },
    });
    const view = renderWithApp(<JoinForm />, { route: '/join' });
    await fillSkyline(user, { partnerNumber: '0000900000' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not complete your enrolment. Please check form for errors.');
    expect(alert.textContent).toContain(`SkyMiles number: ${message}`);
    expect(fieldError(box('SkyMiles number'))).toBe(message);
    expect(view.location().pathname).toBe('/join');
    expect(box('First name').value).toBe('Ada');
    expect(box('Email address').value).toBe('ada@example.com');
    expect(passwordBox('Password').value).toBe('Dining-2026!');
    expect(box('SkyMiles number').value).toBe('0000900000');
    const post = fake.calls.find((call) => call.method === 'POST');
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('token-1');
  });

  it('words each coded field error with the partner copy, not the server text', async () => {
    const user = userEvent.setup();
    api({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'partner_number_invalid',
        message: 'server text',
        errors: [
          { field: 'partnerNumber', code: 'partner_number_invalid', message: 'server text 1' },
          { field: 'password', code: 'password_contains_partner_number', message: 'server text 2' },
        ],
      },
    });
    renderWithApp(<JoinForm />, {
      route: '/join',
      copy: {
        'join.partnerNumberInvalid': 'That {partnerNumberLabel} does not look right.',
        'join.passwordHasPartnerNumber': 'Keep your {partnerNumberLabel} out of your password.',
      },
    });
    await fillSkyline(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fieldError(box('SkyMiles number'))).toBe('That SkyMiles number does not look right.'));
    expect(fieldError(passwordBox('Password'))).toBe('Keep your SkyMiles number out of your password.');
  });

  it('words "partner number in use" and "email in use" from copy, and offers sign-in for a taken email', async () => {
    const user = userEvent.setup();
    let answer = 0;
    api(() => {
      answer++;
      return answer === 1
        ? {
            status: 409,
            body: {
              statusCode: 409,
              error: 'Conflict',
              code: 'partner_number_in_use',
              message: 'x',
              errors: [{ field: 'partnerNumber', message: 'x' }],
            },
          }
        : {
            status: 409,
            body: { statusCode: 409, error: 'Conflict', code: 'email_in_use', message: 'y', errors: [{ field: 'email', message: 'y' }] },
          };
    });
    renderWithApp(<JoinForm />, {
      route: '/join',
      copy: { 'join.partnerNumberInUse': 'Another member has this {partnerNumberLabel}.', 'join.emailInUse': 'Taken: this email.' },
    });
    await fillSkyline(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fieldError(box('SkyMiles number'))).toBe('Another member has this SkyMiles number.'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fieldError(box('Email address'))).toBe('Taken: this email.'));
    expect(screen.getByText(/You already have an account\./)).toBeTruthy();
  });

  it('shows the invalid US phone copy for a phone the server refuses', async () => {
    const user = userEvent.setup();
    const message = 'Invalid US based phone number.';
    api({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'invalid_phone',
        message,
        errors: [{ field: 'phoneNumber', code: 'invalid_phone', message }],
      },
    });
    renderWithApp(<JoinForm />, { route: '/join', partner: 'greenleaf' });
    await user.type(box('First name'), 'Ada');
    await user.type(box('Last name'), 'Lovelace');
    await user.type(box('Email address'), 'ada@example.com');
    await user.type(passwordBox('Password'), 'Dining-2026!');
    await user.type(passwordBox('Confirm password'), 'Dining-2026!');
    await user.type(box('ZIP code'), '10001');
    await user.type(box('Mobile phone number'), '212-555-0134');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(fieldError(box('Mobile phone number'))).toBe(message));
  });

  it('refuses an invalid US phone number before sending', async () => {
    const user = userEvent.setup();
    const fake = api({ status: 201, body: { status: 'member' } });
    renderWithApp(<JoinForm />, { route: '/join', partner: 'greenleaf' });
    await user.type(box('Mobile phone number'), '112-555-0134');
    await user.tab();
    await waitFor(() =>
      expect(fieldError(box('Mobile phone number'))).toMatch(
        /^(Invalid phone number, please check the number and try again\.|Invalid US based phone number\.)$/,
      ),
    );
    expect(fake.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('what the form sends', () => {
  it('sends smsOptIn true when a phone number is given (sms v1), as digits', async () => {
    const user = userEvent.setup();
    const fake = api({ status: 201, body: { status: 'member', member: memberFixture({ memberType: 'NonCardMember' }) } });
    const view = renderWithApp(<JoinForm />, { route: '/join', partner: 'greenleaf' });
    await user.type(box('First name'), 'Ada');
    await user.type(box('Last name'), 'Lovelace');
    await user.type(box('Email address'), 'ada@example.com');
    await user.type(passwordBox('Password'), 'Dining-2026!');
    await user.type(passwordBox('Confirm password'), 'Dining-2026!');
    await user.type(box('ZIP code'), '10001');
    await user.type(box('Mobile phone number'), '(212) 555-0134');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(view.location().pathname).toBe('/add_card'));
    const post = fake.calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      email: 'ada@example.com',
      password: 'Dining-2026!',
      passwordConfirm: 'Dining-2026!',
      phoneNumber: '2125550134',
      smsOptIn: true,
    });
    expect(post?.body).not.toHaveProperty('partnerNumber');
  });

  it('sends smsOptIn equal to the sms v2 box, phone or not', async () => {
    const user = userEvent.setup();
    const fake = api({ status: 201, body: { status: 'member' } });
    const view = renderWithApp(<JoinForm />, { route: '/join', partner: 'metro' });
    await user.type(box('First name'), 'Ada');
    await user.type(box('Last name'), 'Lovelace');
    await user.type(box('Email address'), 'ada@example.com');
    await user.type(passwordBox('Password'), 'Dining-2026!');
    await user.type(passwordBox('Confirm password'), 'Dining-2026!');
    await user.type(box('ZIP code'), '10001');
    await user.type(box('Mobile phone number'), '212-555-0134');
    // The box stays unticked: a phone number alone does not opt in under v2.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(view.location().pathname).toBe('/add_card'));
    expect(fake.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      phoneNumber: '2125550134',
      smsOptIn: false,
      smsOptInV2: false,
    });
  });
});
