// Prospect (enrolment) payload rules of spec 000 §5 and 001 §5, shared by the join form and the
// server: passwords cut to 56 characters, the smsOptIn rule, the email and US phone rules.
import type { ProspectRequest } from './generated/types.ts';

export const PASSWORD_MAX = 56;
export const PASSWORD_MIN = 8;
export const EMAIL_MAX = 50;

/** A plain email shape (the server is the real judge: it sends the mail). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** US phone: optional leading 1, then 10 digits whose area code and exchange start with 2-9. */
export const US_PHONE_PATTERN = /^1?[2-9]\d{2}[2-9]\d{6}$/;

/** Digits of a typed phone number without the optional leading 1, or null when not a US number. */
export function normalizeUsPhone(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (!US_PHONE_PATTERN.test(digits)) return null;
  return digits.length === 11 ? digits.slice(1) : digits;
}

/** Shown as ddd-ddd-dddd (spec 001 §5). */
export function formatUsPhone(digits: string): string {
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

export function cutPassword(value: string): string {
  return value.slice(0, PASSWORD_MAX);
}

/** smsOptIn equals smsOptInV2 when that is given; otherwise true exactly when a phone number is present. */
export function smsOptInFor(phoneNumber: string | null | undefined, smsOptInV2: boolean | null | undefined): boolean {
  if (typeof smsOptInV2 === 'boolean') return smsOptInV2;
  return !!phoneNumber && phoneNumber.trim() !== '';
}

/** The join and prospect forms' values: the request (schemas/api) before smsOptIn is decided. */
export type ProspectFormValues = Omit<ProspectRequest, 'smsOptIn'>;

/** What POST /api/Members/Prospects receives: the form's values plus the decided smsOptIn. */
export type ProspectPayload = ProspectRequest & { smsOptIn: boolean };

/** The payload the join form sends: trimmed, passwords cut, phone as digits, smsOptIn decided. */
export function prospectPayload(values: ProspectFormValues): ProspectPayload {
  const phone = values.phoneNumber ? (normalizeUsPhone(values.phoneNumber) ?? values.phoneNumber.trim()) : '';
  const payload: ProspectPayload = { email: values.email.trim(), smsOptIn: smsOptInFor(phone, values.smsOptInV2) };
  if (values.password !== undefined) payload.password = cutPassword(values.password);
  if (values.passwordConfirm !== undefined) payload.passwordConfirm = cutPassword(values.passwordConfirm);
  for (const key of ['firstName', 'lastName', 'zipCode', 'partnerNumber'] as const) {
    const v = values[key]?.trim();
    if (v) payload[key] = v;
  }
  if (phone) payload.phoneNumber = phone;
  if (values.emailOptIn !== undefined) payload.emailOptIn = values.emailOptIn;
  if (typeof values.smsOptInV2 === 'boolean') payload.smsOptInV2 = values.smsOptInV2;
  return payload;
}
