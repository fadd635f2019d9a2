// Prospect payload rules (spec 000 §5, §9; 001 §5): smsOptIn equals smsOptInV2 when that is given,
// otherwise it is true exactly when a phone number is present; password and confirmation are cut
// to 56 characters before sending; the prospect email is at most 50 characters, trimmed; US phone
// numbers (area code and exchange start 2-9, optional leading 1, 10 digits) are stored as digits and
// shown as ddd-ddd-dddd.
import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  cutPassword,
  formatUsPhone,
  isEmail,
  normalizeUsPhone,
  prospectPayload,
  smsOptInFor,
} from '#shared/prospect.ts';

describe('smsOptIn', () => {
  it('equals smsOptInV2 when that is given, whatever the phone number', () => {
    expect(smsOptInFor('2125550134', true)).toBe(true);
    expect(smsOptInFor('2125550134', false)).toBe(false);
    expect(smsOptInFor('', true)).toBe(true);
    expect(smsOptInFor(null, false)).toBe(false);
    expect(smsOptInFor(undefined, true)).toBe(true);
  });

  it('otherwise is true exactly when a phone number is present', () => {
    expect(smsOptInFor('2125550134', undefined)).toBe(true);
    expect(smsOptInFor('2125550134', null)).toBe(true);
    expect(smsOptInFor('', undefined)).toBe(false);
    expect(smsOptInFor('   ', undefined)).toBe(false);
    expect(smsOptInFor(null, undefined)).toBe(false);
    expect(smsOptInFor(undefined, null)).toBe(false);
  });

  it('is decided the same way in the payload the join form sends', () => {
    expect(prospectPayload({ email: 'a@example.com' }).smsOptIn).toBe(false);
    expect(prospectPayload({ email: 'a@example.com', phoneNumber: '' }).smsOptIn).toBe(false);
    expect(prospectPayload({ email: 'a@example.com', phoneNumber: '  ' }).smsOptIn).toBe(false);
    expect(prospectPayload({ email: 'a@example.com', phoneNumber: '212-555-0134' }).smsOptIn).toBe(true);
    expect(prospectPayload({ email: 'a@example.com', phoneNumber: '212-555-0134', smsOptInV2: false })).toMatchObject({
      smsOptIn: false,
      smsOptInV2: false,
    });
    expect(prospectPayload({ email: 'a@example.com', smsOptInV2: true })).toMatchObject({ smsOptIn: true, smsOptInV2: true });
    expect(prospectPayload({ email: 'a@example.com', phoneNumber: '212-555-0134' })).not.toHaveProperty('smsOptInV2');
  });
});

describe('passwords are cut to 56 characters', () => {
  const p56 = 'Aa1'.repeat(18) + 'xy'; // 54 + 2 = 56 characters

  it('cuts longer passwords and leaves shorter ones alone', () => {
    expect(PASSWORD_MAX).toBe(56);
    expect(p56).toHaveLength(56);
    expect(cutPassword(p56)).toBe(p56);
    expect(cutPassword(`${p56}Z`)).toBe(p56);
    expect(cutPassword(`${p56}${'Z'.repeat(100)}`)).toBe(p56);
    expect(cutPassword('short1')).toBe('short1');
    expect(cutPassword('')).toBe('');
  });

  it('cuts password and confirmation in the payload, keeping their spaces', () => {
    const payload = prospectPayload({ email: 'a@example.com', password: `${p56}TAIL`, passwordConfirm: `${p56}OTHER` });
    expect(payload.password).toBe(p56);
    expect(payload.passwordConfirm).toBe(p56);
    const spaced = prospectPayload({ email: 'a@example.com', password: ' pass word1 ', passwordConfirm: ' pass word1 ' });
    expect(spaced.password).toBe(' pass word1 ');
    expect(spaced.passwordConfirm).toBe(' pass word1 ');
  });

  it('sends no password fields when the form has none (the home page email-only form)', () => {
    expect(prospectPayload({ email: ' a@example.com ' })).toEqual({ email: 'a@example.com', smsOptIn: false });
  });
});

describe('the rest of the payload', () => {
  it('trims text, drops blanks and sends the phone as digits', () => {
    const payload = prospectPayload({
      email: '  new@example.com ',
      firstName: ' Ada ',
      lastName: ' ',
      zipCode: ' 10001 ',
      partnerNumber: ' 1234567897 ',
      phoneNumber: '(212) 555-0134',
      emailOptIn: true,
    });
    expect(payload).toEqual({
      email: 'new@example.com',
      firstName: 'Ada',
      zipCode: '10001',
      partnerNumber: '1234567897',
      phoneNumber: '2125550134',
      emailOptIn: true,
      smsOptIn: true,
    });
  });

  it('passes a phone number that is not a US number through trimmed, for the server to refuse', () => {
    expect(prospectPayload({ email: 'a@example.com', phoneNumber: ' 12345 ' }).phoneNumber).toBe('12345');
  });
});

describe('US phone numbers', () => {
  it.each([
    ['2125550134', '2125550134'],
    ['212-555-0134', '2125550134'],
    ['(212) 555-0134', '2125550134'],
    ['212.555.0134', '2125550134'],
    ['1 212 555 0134', '2125550134'],
    ['+1 (212) 555-0134', '2125550134'],
    ['12125550134', '2125550134'],
    ['9999999999', '9999999999'],
  ])('reads %s as %s', (typed, digits) => {
    expect(normalizeUsPhone(typed)).toBe(digits);
  });

  it.each([
    ['1125550134', 'area code starts with 1'],
    ['0125550134', 'area code starts with 0'],
    ['2121550134', 'exchange starts with 1'],
    ['2120550134', 'exchange starts with 0'],
    ['212555013', 'nine digits'],
    ['21255501345', 'eleven digits not starting with 1'],
    ['22125550134', 'leading digit other than 1'],
    ['112125550134', 'twelve digits'],
    ['', 'empty'],
  ])('refuses %s (%s)', (typed) => {
    expect(normalizeUsPhone(typed)).toBeNull();
  });

  it('shows ten digits as ddd-ddd-dddd', () => {
    expect(formatUsPhone('2125550134')).toBe('212-555-0134');
    expect(formatUsPhone('212555013')).toBe('212555013');
  });
});

describe('email', () => {
  it('is at most 50 characters on the prospect form, and has a plain shape', () => {
    expect(EMAIL_MAX).toBe(50);
    expect(isEmail('a@example.com')).toBe(true);
    expect(isEmail('first.last+tag@mail.example.co')).toBe(true);
    expect(isEmail('a@example')).toBe(false);
    expect(isEmail('a example@example.com')).toBe(false);
    expect(isEmail('@example.com')).toBe(false);
    expect(isEmail('a@@example.com')).toBe(false);
    expect(isEmail('a@example..com')).toBe(false);
  });
});
