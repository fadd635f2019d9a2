// Member Profile rules: field checks, the full-address rule, SMS after a phone change, what a save sends.
import { describe, expect, it } from 'vitest';
import type { Member } from '#shared/generated/types.ts';
import { US_STATES, changesOf, fieldError, rulesFor, smsAfterPhoneChange, valuesOf, type ProfileMessages } from './profile.ts';

const labels = {
  firstName: 'First name',
  lastName: 'Last name',
  emailOptIn: 'Email offers',
  address1: 'Address',
  address2: 'Apartment',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
  phoneNumber: 'Mobile phone',
  smsOptIn: 'Text messages',
};
const messages: ProfileMessages = {
  required: (l) => `${l} is required.`,
  maxLength: (_l, max) => `Must be at most ${max} characters.`,
  exactDigits: () => 'ZIP code must have 5 digits.',
  invalidPhone: 'Invalid US based phone number.',
};
const member = {
  publicId: 'p',
  firstName: 'Liam',
  lastName: 'Chen',
  email: 'x@example.com',
  memberType: 'EnrolledCardMember',
  tierLevel: 0,
  hasWebProfile: true,
  active: true,
  emailOptIn: false,
  address: { zipCode: '10036' },
  phoneNumber: '2125550199',
  smsOptIn: true,
} as Member;

describe('profile rules', () => {
  const rules = rulesFor({ fullAddressRequired: false, currencyType: 'Mile' }, labels);
  const values = valuesOf(member);

  it('reads the member, the phone shown ddd-ddd-dddd', () => {
    expect(values.phoneNumber).toBe('212-555-0199');
    expect(values.zipCode).toBe('10036');
    expect(values.address1).toBe('');
  });

  it('checks required, length, ZIP digits and US phones', () => {
    expect(fieldError('firstName', { ...values, firstName: '  ' }, rules, messages)).toBe('First name is required.');
    expect(fieldError('lastName', { ...values, lastName: 'x'.repeat(21) }, rules, messages)).toBe('Must be at most 20 characters.');
    expect(fieldError('zipCode', { ...values, zipCode: '123' }, rules, messages)).toBe('ZIP code must have 5 digits.');
    expect(fieldError('zipCode', { ...values, zipCode: '' }, rules, messages)).toBe('ZIP code is required.');
    expect(fieldError('phoneNumber', { ...values, phoneNumber: '112-555-0199' }, rules, messages)).toBe('Invalid US based phone number.');
    expect(fieldError('phoneNumber', { ...values, phoneNumber: '1 (212) 555-0199' }, rules, messages)).toBeUndefined();
    expect(fieldError('address1', values, rules, messages)).toBeUndefined();
  });

  it('needs a full address only for full-address partners whose currency is not credit', () => {
    const full = rulesFor({ fullAddressRequired: true, currencyType: 'Mile' }, labels);
    expect(fieldError('address1', values, full, messages)).toBe('Address is required.');
    expect(fieldError('state', values, full, messages)).toBe('State is required.');
    const credit = rulesFor({ fullAddressRequired: true, currencyType: 'Credit' }, labels);
    expect(fieldError('address1', values, credit, messages)).toBeUndefined();
  });

  it('lists the states with DC and the territories', () => {
    const codes = US_STATES.map(([code]) => code);
    expect(codes).toHaveLength(57);
    expect(codes).toEqual(expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP']));
  });

  it('clears SMS on any phone change under v1, on an empty or invalid phone under v2', () => {
    expect(smsAfterPhoneChange('v1', '212-555-0199', '212-555-0100', true)).toBe(false);
    expect(smsAfterPhoneChange('v1', '212-555-0199', '(212) 555-0199', true)).toBe(true);
    expect(smsAfterPhoneChange('v2', '212-555-0199', '212-555-0100', true)).toBe(true);
    expect(smsAfterPhoneChange('v2', '212-555-0199', '', true)).toBe(false);
    expect(smsAfterPhoneChange('v2', '212-555-0199', '212', true)).toBe(false);
  });

  it('sends only what changed, the address whole and the phone as digits; nothing changed is null', () => {
    const options = { sso: false, hideEmailOptIn: false, sms: 'v2' as const };
    expect(changesOf(values, { ...values, firstName: ' Liam ' }, options)).toBeNull();
    expect(changesOf(values, { ...values, emailOptIn: true, city: ' Boston ' }, options)).toEqual({
      emailOptIn: true,
      address: { address1: '', address2: '', city: 'Boston', state: '', zipCode: '10036' },
    });
    expect(changesOf(values, { ...values, phoneNumber: '(212) 555-0100' }, options)).toEqual({ phoneNumber: '2125550100' });
    expect(changesOf(values, { ...values, firstName: 'Sam' }, { ...options, sso: true })).toBeNull();
    expect(changesOf(values, { ...values, emailOptIn: true }, { ...options, hideEmailOptIn: true })).toBeNull();
  });
});
