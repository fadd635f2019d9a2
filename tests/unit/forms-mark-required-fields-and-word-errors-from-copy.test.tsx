// @vitest-environment happy-dom
// The form kit (src/client/ui/form) against spec 000 §5 and 001 §5: required fields show an asterisk
// and the note "* Required field"; the default required message is "This field is required."; form
// errors show in an alert box; rule kinds required, min, max, length and pattern with the generic
// messages ("{field} is required.", at most / at least / must have N characters); password fields warn
// "Caps and Num lock are on." when Caps lock or Num lock is on and toggle show or hide; the submit
// button says "Working on your request, please wait." while loading; a failed write keeps the input.
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useForm } from 'react-hook-form';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateFormsJoin } from '#shared/generated/validators.js';
import { useCopy } from '#client/runtime/index.tsx';
import { renderWithApp } from '#tests/utils/render.tsx';
import {
  ErrorAlert,
  PasswordField,
  RequiredNote,
  SubmitButton,
  TextField,
  errorSummary,
  genericMessage,
  schemaResolver,
  type Copy,
} from '#client/ui/form/index.ts';

afterEach(cleanup);

const fallbackCopy: Copy = (_key, fallback = '') => fallback;

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  passwordConfirm: string;
  zipCode: string;
}

const LABELS: Record<keyof Values, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email address',
  password: 'Password',
  passwordConfirm: 'Confirm password',
  zipCode: 'ZIP code',
};

/** A small form built the way the blocks build theirs, over the join form's schema. */
function KitForm({ save }: { save: (values: Values) => Promise<void> }) {
  const copy = useCopy();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'onBlur',
    defaultValues: { firstName: '', lastName: '', email: '', password: '', passwordConfirm: '', zipCode: '' },
    resolver: schemaResolver<Values>(
      validateFormsJoin,
      { copy, keepWhitespace: ['password', 'passwordConfirm'] },
      { zipCode: { min: 5, max: 5 } },
    ),
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const summary = errorSummary(errors, LABELS, copy);
  const onValid = async (values: Values) => {
    setProblem(null);
    try {
      await save(values);
    } catch {
      setProblem(copy('form.serverError', 'Something went wrong. Please refresh the page and try again.'));
    }
  };
  return (
    <form noValidate aria-label="Kit form" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      {problem && <ErrorAlert title={problem} messages={summary} />}
      {!problem && isSubmitted && summary.length > 0 && <ErrorAlert title="Please check form for errors." messages={summary} />}
      <RequiredNote />
      <TextField label={LABELS.firstName} required error={errors.firstName?.message} {...form.register('firstName')} />
      <TextField label={LABELS.lastName} required error={errors.lastName?.message} {...form.register('lastName')} />
      <TextField label={LABELS.email} required type="email" error={errors.email?.message} {...form.register('email')} />
      <PasswordField label={LABELS.password} required error={errors.password?.message} {...form.register('password')} />
      <PasswordField
        label={LABELS.passwordConfirm}
        required
        error={errors.passwordConfirm?.message}
        {...form.register('passwordConfirm')}
      />
      <TextField label={LABELS.zipCode} required error={errors.zipCode?.message} {...form.register('zipCode')} />
      <SubmitButton loading={isSubmitting}>Save</SubmitButton>
    </form>
  );
}

const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
/** Password inputs have no textbox role while hidden; find them by their label. */
const passwordBox = (name: string) => screen.getByLabelText(new RegExp(`^${name}\\*?$`), { selector: 'input' }) as HTMLInputElement;

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(box('First name'), 'Ada');
  await user.type(box('Last name'), 'Lovelace');
  await user.type(box('Email address'), 'ada@example.com');
  await user.type(passwordBox('Password'), 'Dining-2026!');
  await user.type(passwordBox('Confirm password'), 'Dining-2026!');
  await user.type(box('ZIP code'), '10001');
}

describe('required fields', () => {
  it('show an asterisk after the label, outside the accessible name, and the note "* Required field"', () => {
    renderWithApp(<KitForm save={async () => {}} />);
    expect(screen.getByText('* Required field')).toBeTruthy();
    const first = box('First name');
    expect(first.getAttribute('aria-required')).toBe('true');
    const label = first.labels?.[0];
    expect(label?.textContent).toBe('First name*');
    expect(label?.querySelector('[aria-hidden="true"]')?.textContent).toBe('*');
  });

  it('are not marked when optional', () => {
    renderWithApp(<TextField label="Apartment" name="address2" />);
    const input = screen.getByRole('textbox', { name: 'Apartment' }) as HTMLInputElement;
    expect(input.getAttribute('aria-required')).toBeNull();
    expect(input.labels?.[0]?.textContent).toBe('Apartment');
  });
});

describe('errors', () => {
  it('say "This field is required." under each empty field, and list "{field} is required." in an alert box', async () => {
    const user = userEvent.setup();
    renderWithApp(<KitForm save={async () => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Please check form for errors.')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'First name is required.',
      'Last name is required.',
      'Email address is required.',
      'Password is required.',
      'Confirm password is required.',
      'ZIP code is required.',
    ]);
    // The alert box takes focus so keyboard and screen-reader users land on it.
    expect(document.activeElement).toBe(alert);
    const first = box('First name');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(first.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('This field is required.');
    expect(screen.getAllByText('This field is required.')).toHaveLength(6);
  });

  it('show the generic at most / at least / must have / format messages on blur', async () => {
    const user = userEvent.setup();
    renderWithApp(<KitForm save={async () => {}} />);
    await user.type(box('First name'), 'A'.repeat(21));
    await user.type(passwordBox('Password'), 'abc1');
    await user.type(box('ZIP code'), '123456');
    await user.type(box('Email address'), 'not-an-email');
    await user.tab();
    const messageOf = (input: HTMLInputElement) =>
      document.getElementById(input.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent;
    await waitFor(() => expect(messageOf(box('Email address'))).toBe('Please check the format of this field.'));
    expect(messageOf(box('First name'))).toBe('Must be at most 20 characters.');
    expect(messageOf(passwordBox('Password'))).toBe('Must have at least 8 characters.');
    expect(messageOf(box('ZIP code'))).toBe('Must have 5 characters.');
  });

  it('come from the copy catalogue, so a partner can reword them', async () => {
    const user = userEvent.setup();
    renderWithApp(<KitForm save={async () => {}} />, {
      copy: { 'form.required': 'Please fill this in.', 'form.requiredNamed': 'Fill in {field}.', 'form.requiredNote': '* Must be filled' },
    });
    expect(screen.getByText('* Must be filled')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem')[0]?.textContent).toBe('Fill in First name.');
    expect(screen.getAllByText('Please fill this in.')).toHaveLength(6);
  });
});

describe('generic messages', () => {
  it('word each rule kind as the spec lists them', () => {
    expect(genericMessage(fallbackCopy, 'required')).toBe('This field is required.');
    expect(genericMessage(fallbackCopy, 'max', 20)).toBe('Must be at most 20 characters.');
    expect(genericMessage(fallbackCopy, 'min', 8)).toBe('Must have at least 8 characters.');
    expect(genericMessage(fallbackCopy, 'length', 5)).toBe('Must have 5 characters.');
    expect(genericMessage(fallbackCopy, 'pattern')).toBe('Please check the format of this field.');
  });

  it('are the same in the base copy catalogue as the fallbacks', () => {
    let copy: Copy = fallbackCopy;
    function Grab() {
      copy = useCopy();
      return null;
    }
    renderWithApp(<Grab />);
    expect(copy('form.required')).toBe('This field is required.');
    expect(copy('form.requiredNote')).toBe('* Required field');
    expect(copy('form.requiredNamed')).toBe('{field} is required.');
    expect(copy('form.maxLength')).toBe('Must be at most {max} characters.');
    expect(copy('form.minLength')).toBe('Must have at least {min} characters.');
    expect(copy('form.length')).toBe('Must have {n} characters.');
    expect(copy('form.checkFailed')).toBe('Error while checking {field}.');
    expect(copy('form.working')).toBe('Working on your request, please wait.');
    expect(copy('form.capsLock')).toBe('Caps and Num lock are on.');
    expect(copy('form.invalidPhone')).toBe('Invalid phone number, please check the number and try again.');
    expect(copy('form.invalidUsPhone')).toBe('Invalid US based phone number.');
  });

  it('come out of the resolver by rule kind, with trimmed values and kept password spaces', async () => {
    const resolve = schemaResolver<Values>(
      validateFormsJoin,
      { copy: fallbackCopy, keepWhitespace: ['password', 'passwordConfirm'] },
      { zipCode: { min: 5, max: 5 } },
    );
    const run = (values: Partial<Values>) =>
      resolve({ firstName: '', lastName: '', email: '', password: '', passwordConfirm: '', zipCode: '', ...values }, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      });
    const empty = await run({ firstName: '   ' });
    expect(empty.errors.firstName).toEqual({ type: 'required', message: 'This field is required.' });
    const bad = await run({ firstName: 'A'.repeat(21), password: 'abc1', zipCode: '1234', email: 'x@' });
    expect(bad.errors.firstName?.message).toBe('Must be at most 20 characters.');
    expect(bad.errors.password?.message).toBe('Must have at least 8 characters.');
    expect(bad.errors.zipCode?.message).toBe('Please check the format of this field.');
    expect(bad.errors.email?.message).toBe('Please check the format of this field.');
    const long = await run({ zipCode: '123456' });
    expect(long.errors.zipCode).toEqual({ type: 'length', message: 'Must have 5 characters.' });
    const good = await run({
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: ' ada@example.com ',
      password: ' Dining-2026! ',
      passwordConfirm: ' Dining-2026! ',
      zipCode: '10001',
    });
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: ' Dining-2026! ',
      passwordConfirm: ' Dining-2026! ',
      zipCode: '10001',
    });
  });
});

describe('password fields', () => {
  it('stop at 56 characters and say so', async () => {
    const user = userEvent.setup();
    renderWithApp(<PasswordField label="Password" name="password" />);
    const input = passwordBox('Password');
    expect(input.maxLength).toBe(56);
    await user.type(input, 'x'.repeat(55));
    expect(screen.queryByText('Passwords can have at most 56 characters.')).toBeNull();
    await user.type(input, 'abcdef');
    expect(input.value).toBe(`${'x'.repeat(55)}a`);
    expect(screen.getByText('Passwords can have at most 56 characters.')).toBeTruthy();
  });

  it('warn "Caps and Num lock are on." while Caps lock is on, and stop when it is off', async () => {
    const user = userEvent.setup();
    renderWithApp(<PasswordField label="Password" name="password" />);
    const input = passwordBox('Password');
    await user.click(input);
    await user.keyboard('ab');
    expect(screen.queryByText('Caps and Num lock are on.')).toBeNull();
    await user.keyboard('{CapsLock}c');
    const warning = screen.getByRole('status');
    expect(warning.textContent).toBe('Caps and Num lock are on.');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(warning.id);
    await user.keyboard('{CapsLock}d');
    expect(screen.queryByText('Caps and Num lock are on.')).toBeNull();
  });

  it('warn as well while Num lock is on', async () => {
    const user = userEvent.setup();
    renderWithApp(<PasswordField label="Password" name="password" />);
    await user.click(passwordBox('Password'));
    await user.keyboard('{NumLock}1');
    expect(screen.getByRole('status').textContent).toBe('Caps and Num lock are on.');
    await user.keyboard('{NumLock}2');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('toggle between hidden and shown', async () => {
    const user = userEvent.setup();
    renderWithApp(<PasswordField label="Password" name="password" />);
    const input = passwordBox('Password');
    await user.type(input, 'Secret-1');
    expect(input.type).toBe('password');
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    await user.click(show);
    expect(input.type).toBe('text');
    expect(screen.getByRole('textbox', { name: 'Password' })).toBe(input);
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    await user.click(hide);
    expect(input.type).toBe('password');
    expect(input.value).toBe('Secret-1');
  });
});

describe('submitting', () => {
  it('shows "Working on your request, please wait." on a disabled, busy button', () => {
    renderWithApp(<SubmitButton loading>Save</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Working on your request, please wait.' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    cleanup();
    renderWithApp(<SubmitButton loading={false}>Save</SubmitButton>);
    const idle = screen.getByRole('button', { name: 'Save' });
    expect((idle as HTMLButtonElement).disabled).toBe(false);
    expect(idle.getAttribute('aria-busy')).toBeNull();
  });

  it('is busy while the write runs, then keeps what the user typed when it fails', async () => {
    let fail: (error: Error) => void = () => {};
    const user = userEvent.setup();
    renderWithApp(<KitForm save={() => new Promise<void>((_resolve, reject) => (fail = reject))} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(((await screen.findByRole('button', { name: 'Working on your request, please wait.' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fail(new Error('500'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong. Please refresh the page and try again.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(box('First name').value).toBe('Ada');
    expect(box('Last name').value).toBe('Lovelace');
    expect(box('Email address').value).toBe('ada@example.com');
    expect(passwordBox('Password').value).toBe('Dining-2026!');
    expect(passwordBox('Confirm password').value).toBe('Dining-2026!');
    expect(box('ZIP code').value).toBe('10001');
  });
});
