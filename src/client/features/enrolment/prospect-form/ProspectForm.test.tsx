// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateProspectFormProps } from '#shared/generated/validators.js';
import { problemsFrom } from '#shared/validation.ts';
import { setCsrfToken } from '#client/api/http.ts';
import { fakeFetch, memberFixture, renderWithApp } from '#tests/utils/render.tsx';
import { ProspectForm } from './ProspectForm.tsx';

// The form's own code loads on its first render (ProspectForm.tsx): have it here, and render inside
// an awaited act so React finishes that render.
beforeAll(async () => {
  await import('./ProspectFormBody.tsx');
});

async function renderForm(...args: Parameters<typeof renderWithApp>): Promise<ReturnType<typeof renderWithApp>> {
  let view: ReturnType<typeof renderWithApp> | undefined;
  await act(async () => {
    view = renderWithApp(...args);
  });
  return view!;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

const emailBox = () => screen.getByRole('textbox', { name: /Email address/ });

describe('prospect-form block', () => {
  it('accepts valid props and rejects invalid ones with a pointer', () => {
    expect(validateProspectFormProps({})).toBe(true);
    expect(validateProspectFormProps({ headline: 'Join us', text: 'It is free.' })).toBe(true);
    expect(validateProspectFormProps({ headline: 'x'.repeat(121) })).toBe(false);
    expect(problemsFrom('layout', validateProspectFormProps.errors).map((p) => p.pointer)).toContain('/headline');
    expect(validateProspectFormProps({ email: 'a@b.c' })).toBe(false);
  });

  it('shows one labelled, required email field limited to 50 characters', async () => {
    await renderForm(<ProspectForm headline="Join today" />);
    expect(screen.getByRole('heading', { name: 'Join today' })).toBeTruthy();
    const input = emailBox() as HTMLInputElement;
    expect(input.maxLength).toBe(50);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('* Required field')).toBeTruthy();
  });

  it('says the field is required when submitted empty, and calls nothing', async () => {
    const api = fakeFetch({});
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    await renderForm(<ProspectForm />);
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect(screen.getByRole('alert').textContent).toBe('This field is required.');
    expect(api.calls).toHaveLength(0);
  });

  it('trims and validates the email on blur', async () => {
    const user = userEvent.setup();
    await renderForm(<ProspectForm />);
    await user.type(emailBox(), '  not-an-email  ');
    await user.tab();
    expect((emailBox() as HTMLInputElement).value).toBe('not-an-email');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect(emailBox().getAttribute('aria-invalid')).toBe('true');
  });

  it('creates the prospect (with the CSRF header) and goes to /join with the email when it is free', async () => {
    let release: () => void = () => {};
    const api = fakeFetch({
      'GET /api/Members/Validate/Email': { body: { isValid: true } },
      'POST /api/Members/Prospects': { status: 500, body: { message: 'down' } },
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('Prospects')) await new Promise<void>((resolve) => (release = resolve));
      return api.fetch(input, init);
    });
    setCsrfToken('token-123');
    const user = userEvent.setup();
    const view = await renderForm(<ProspectForm />);
    await user.type(emailBox(), ' new.diner@example.com ');
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    const busy = await screen.findByRole('button', { name: /Working on your request, please wait\./ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(view.location().pathname).toBe('/');
    release();
    await waitFor(() => expect(view.location().pathname).toBe('/join'));
    expect(view.location().state).toEqual({ email: 'new.diner@example.com' });
    const check = api.calls.find((call) => call.url.startsWith('/api/Members/Validate/Email'))!;
    expect(new URL(check.url, 'http://x').searchParams.get('email')).toBe('new.diner@example.com');
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ email: 'new.diner@example.com' });
    expect(post.headers.get('X-XSRF-TOKEN')).toBe('token-123');
  });

  it('goes to /login with the email when it already belongs to a member', async () => {
    const api = fakeFetch({ 'GET /api/Members/Validate/Email': { body: { isValid: false } } });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    const view = await renderForm(<ProspectForm />);
    await user.type(emailBox(), 'member@example.com');
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(view.location().pathname).toBe('/login'));
    expect(view.location().state).toEqual({ email: 'member@example.com' });
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('keeps what was typed and explains when the check fails', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/Members/Validate/Email': { status: 500 } }).fetch);
    const user = userEvent.setup();
    const view = await renderForm(<ProspectForm />);
    await user.type(emailBox(), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Something went wrong/);
    expect((emailBox() as HTMLInputElement).value).toBe('someone@example.com');
    expect(view.location().pathname).toBe('/');
  });

  it('renders nothing for members, sso partners and partners without enrolment', async () => {
    const { container } = await renderForm(<ProspectForm />, { member: memberFixture() });
    expect(container.querySelector('form')).toBeNull();
    cleanup();
    expect((await renderForm(<ProspectForm />, { partner: 'harbor' })).container.querySelector('form')).toBeNull();
    cleanup();
    expect((await renderForm(<ProspectForm />, { partner: 'openplate' })).container.querySelector('form')).toBeNull();
  });
});
