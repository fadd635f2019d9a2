// A refused form shows the server's field errors under the fields the form has, and leaves the rest
// to its alert (src/client/ui/form/server-errors.ts, used by join, fix credentials and new password).
import type { ErrorOption } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { showServerFieldErrors } from '#client/ui/form/index.ts';

type Values = { email: string; emailConfirm: string };

function fakeForm() {
  const set: Array<[string, ErrorOption]> = [];
  return { set, form: { setError: (name: string, error: ErrorOption) => void set.push([name, error]) } };
}

describe('server field errors', () => {
  it('sets the fields the form has, with the server text, and skips the others', () => {
    const { set, form } = fakeForm();
    const body = {
      errors: [
        { field: 'email', message: 'This email is already in use.' },
        { field: 'captcha', message: 'Try again.' },
        { field: 'emailConfirm', message: 'Emails do not match.' },
      ],
    };
    expect(showServerFieldErrors<Values>(form, body, ['email', 'emailConfirm'])).toBe(2);
    expect(set).toEqual([
      ['email', { type: 'server', message: 'This email is already in use.' }],
      ['emailConfirm', { type: 'server', message: 'Emails do not match.' }],
    ]);
  });

  it('words a field error through the form (partner copy for a code)', () => {
    const { set, form } = fakeForm();
    showServerFieldErrors<Values>(form, { errors: [{ field: 'email', code: 'email_in_use', message: 'server text' }] }, ['email'], (e) =>
      e.code === 'email_in_use' ? 'Partner words' : e.message,
    );
    expect(set).toEqual([['email', { type: 'server', message: 'Partner words' }]]);
  });

  it('does nothing for an answer without a body or without field errors', () => {
    const { set, form } = fakeForm();
    expect(showServerFieldErrors<Values>(form, null, ['email'])).toBe(0);
    expect(showServerFieldErrors<Values>(form, {}, ['email'])).toBe(0);
    expect(set).toEqual([]);
  });
});
