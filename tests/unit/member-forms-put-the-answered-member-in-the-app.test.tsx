// @vitest-environment happy-dom
// The forms whose write changes the member (sign-in, fix credentials, join) hand the member the
// server answered to the app (its member query, which the header, the account centre and the
// page gates read), and a refused write keeps what the member typed and says why. Linking cards
// answers no member, so the app asks for it again (a non-card member becomes a card member).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import type { Member } from '#shared/generated/types.ts';
import { setCsrfToken } from '#client/api/http.ts';
import { memberKey, memberQuery, SignInForm } from '#client/features/session/index.ts';
import { useRegisterCards } from '#client/features/cards/index.ts';
import { FixCredentialsForm, JoinForm } from '#client/features/enrolment/index.ts';
import { MESSAGES } from '#server/auth/replies.ts';
import { createTestQueryClient, fakeFetch, memberFixture, renderWithApp, type FetchCall } from '#tests/utils/render.tsx';

setCsrfToken('test-token');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name: new RegExp(`^${name}`) });
const passwordBox = (name: string) => screen.getByLabelText<HTMLInputElement>(new RegExp(`^${name}`), { selector: 'input' });

function api(routes: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('sign-in', () => {
  it('makes the signed-in member the app’s member and goes on', async () => {
    const user = userEvent.setup();
    const signedIn = memberFixture({ firstName: 'Grace' });
    api({ 'POST /api/Member/SignIn': { body: signedIn } });
    const view = renderWithApp(<SignInForm />, { route: '/login', partner: 'skyline' });
    await user.type(box('Email or SkyMiles number'), 'grace@example.com');
    await user.type(passwordBox('Password'), 'Dining-2026!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(view.location().pathname).toBe('/'));
    expect(view.queryClient.getQueryData<Member | null>(memberKey)).toEqual(signedIn);
  });

  it('sends a member signed in with the partner number to set an email first', async () => {
    const user = userEvent.setup();
    const signedIn = memberFixture({ email: '1234567897' });
    api({ 'POST /api/Member/SignIn': { body: signedIn } });
    const view = renderWithApp(<SignInForm />, { route: '/login', partner: 'skyline' });
    await user.type(box('Email or SkyMiles number'), '1234567897');
    await user.type(passwordBox('Password'), 'Dining-2026!');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(view.location().pathname).toBe('/fix_credentials'));
    expect(view.queryClient.getQueryData<Member | null>(memberKey)?.email).toBe('1234567897');
  });

  it('keeps the app signed out and the typed email after a refusal', async () => {
    const user = userEvent.setup();
    api({ 'POST /api/Member/SignIn': { status: 401, body: { code: 'invalid_credentials', message: MESSAGES.invalidCredentials } } });
    const view = renderWithApp(<SignInForm />, { route: '/login', partner: 'skyline' });
    await user.type(box('Email or SkyMiles number'), 'grace@example.com');
    await user.type(passwordBox('Password'), 'wrong-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid user name or password')).toBeTruthy();
    expect(view.location().pathname).toBe('/login');
    expect(box('Email or SkyMiles number').value).toBe('grace@example.com');
    expect(view.queryClient.getQueryData(memberKey)).toBeUndefined();
  });
});

describe('fix credentials', () => {
  const partnerNumberMember = memberFixture({ email: '1234567897' });

  it('makes the member with the new email the app’s member and goes home', async () => {
    const user = userEvent.setup();
    const fixed = { ...partnerNumberMember, email: 'grace@example.com' };
    const fake = api({ 'POST /api/Member/FixCredentials': { body: fixed } });
    const view = renderWithApp(<FixCredentialsForm />, { route: '/fix_credentials', partner: 'skyline', member: partnerNumberMember });
    await user.type(box('Email address'), 'grace@example.com');
    await user.type(box('Confirm email address'), 'Grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(view.location().pathname).toBe('/'));
    expect(fake.calls.find((call: FetchCall) => call.method === 'POST')?.body).toEqual({
      email: 'grace@example.com',
      emailConfirm: 'Grace@example.com',
    });
    expect(view.queryClient.getQueryData<Member | null>(memberKey)).toEqual(fixed);
  });

  it('shows a taken email on its field and keeps both entries', async () => {
    const user = userEvent.setup();
    api({
      'POST /api/Member/FixCredentials': {
        status: 409,
        body: { code: 'email_in_use', message: MESSAGES.emailInUse, errors: [{ field: 'email', message: MESSAGES.emailInUse }] },
      },
    });
    const view = renderWithApp(<FixCredentialsForm />, { route: '/fix_credentials', partner: 'skyline', member: partnerNumberMember });
    await user.type(box('Email address'), 'taken@example.com');
    await user.type(box('Confirm email address'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.getAllByText(MESSAGES.emailInUse).length).toBeGreaterThan(0));
    expect(view.location().pathname).toBe('/fix_credentials');
    expect(box('Email address').value).toBe('taken@example.com');
    expect(box('Confirm email address').value).toBe('taken@example.com');
    expect(view.queryClient.getQueryData(memberKey)).toBeUndefined();
  });
});

describe('join', () => {
  it('makes the enrolled member the app’s member before step 2', async () => {
    const user = userEvent.setup();
    const enrolled = memberFixture({ memberType: 'NonCardMember' });
    api({
      'GET /api/Members/Validate/Email': { body: { isValid: true } },
      'POST /api/Members/Prospects': { status: 201, body: { status: 'member', member: enrolled } },
    });
    const view = renderWithApp(<JoinForm />, { route: '/join', partner: 'greenleaf' });
    await user.type(box('First name'), 'Ada');
    await user.type(box('Last name'), 'Lovelace');
    await user.type(box('Email address'), 'ada@example.com');
    await user.type(passwordBox('Password'), 'Dining-2026!');
    await user.type(passwordBox('Confirm password'), 'Dining-2026!');
    await user.type(box('ZIP code'), '10001');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(view.location().pathname).toBe('/add_card'));
    expect(view.queryClient.getQueryData<Member | null>(memberKey)).toEqual(enrolled);
  });
});

describe('linking cards', () => {
  const card = { encryptedCardNumber: 'enc', lastFour: '1111', cardType: 'visa' as const };

  function linkCards(answer: { status?: number; body?: unknown }) {
    let member = memberFixture({ memberType: 'NonCardMember' });
    const fake = api({
      'GET /api/Member': () => ({ body: member }),
      'POST /api/Member/Cards': () => {
        if (!answer.status || answer.status < 400) member = memberFixture({ memberType: 'EnrolledCardMember' });
        return answer;
      },
    });
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const view = renderHook(() => ({ member: useQuery(memberQuery).data, register: useRegisterCards() }), { wrapper });
    return { fake, view };
  }

  it('asks for the member again once a card is linked', async () => {
    const { view } = linkCards({ body: { cardRegistration: [{ lastFour: '1111', cardType: 'visa', memberCard: { id: 'c1' } }] } });
    await waitFor(() => expect(view.result.current.member?.memberType).toBe('NonCardMember'));
    await act(() => view.result.current.register({ creditCards: [card], directFileFeedOptIn: true, gRecaptchaResponse: 't' }));
    await waitFor(() => expect(view.result.current.member?.memberType).toBe('EnrolledCardMember'));
  });

  it('leaves the member alone when no card was linked', async () => {
    const { fake, view } = linkCards({ status: 500 });
    await waitFor(() => expect(view.result.current.member?.memberType).toBe('NonCardMember'));
    const outcome = await act(() =>
      view.result.current.register({ creditCards: [card], directFileFeedOptIn: true, gRecaptchaResponse: 't' }),
    );
    expect(outcome.ok).toBe(false);
    expect(fake.calls.filter((call) => call.method === 'GET' && call.url.endsWith('/api/Member'))).toHaveLength(1);
  });
});
