// @vitest-environment happy-dom
// A write while the server is briefly unavailable (503 from plugins/errors.ts): the member sees an
// error and keeps everything they typed, so trying again is one click.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setCsrfToken } from '#client/api/http.ts';
import { fakeFetch, renderWithApp } from '#tests/utils/render.tsx';
import { JoinForm } from '#client/features/enrolment/index.ts';
import { UNAVAILABLE_MESSAGE } from '#server/plugins/errors.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

const box = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const passwordBox = (name: string) => screen.getByLabelText(new RegExp(`^${name}\\*?$`), { selector: 'input' }) as HTMLInputElement;

describe('a form submitted while the server is unavailable', () => {
  it('shows an error and keeps what the member typed', async () => {
    const user = userEvent.setup();
    setCsrfToken('token-1');
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/Members/Validate/Email': { body: { isValid: true } },
        'POST /api/Members/Prospects': {
          status: 503,
          body: { statusCode: 503, error: 'Service Unavailable', message: UNAVAILABLE_MESSAGE, code: 'unavailable' },
        },
      }).fetch,
    );
    const view = renderWithApp(<JoinForm />, { route: '/join' });
    await user.type(box('First name'), 'Ada');
    await user.type(box('Last name'), 'Lovelace');
    await user.type(box('Email address'), 'ada@example.com');
    await user.type(passwordBox('Password'), 'Dining-2026!');
    await user.type(passwordBox('Confirm password'), 'Dining-2026!');
    await user.type(box('ZIP code'), '10001');
    await user.type(box('SkyMiles number'), '1234567897');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/\S/);
    expect(view.location().pathname).toBe('/join');
    expect(box('First name').value).toBe('Ada');
    expect(box('Last name').value).toBe('Lovelace');
    expect(box('Email address').value).toBe('ada@example.com');
    expect(passwordBox('Password').value).toBe('Dining-2026!');
    expect(box('ZIP code').value).toBe('10001');
    expect(box('SkyMiles number').value).toBe('1234567897');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});
