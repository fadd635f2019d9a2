// Member Profile rules (spec 001 §5 profile, §4 SMS v2, §8): the form's values from the member,
// validation of one field (on blur) or all (on submit), and what a save sends. Pure; unit-tested
// in profile.test.ts.
import type { Member, MemberUpdateRequest, PartnerConfig } from '#shared/generated/types.ts';
import { formatUsPhone, normalizeUsPhone } from '#shared/prospect.ts';

export { US_STATES } from '#shared/us-states.ts';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  emailOptIn: boolean;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  /** As typed; shown ddd-ddd-dddd when it is a US number. */
  phoneNumber: string;
  smsOptIn: boolean;
}

export type ProfileField = keyof ProfileValues;

/** The order errors are focused in: the form's order. */
export const FIELD_ORDER: readonly ProfileField[] = [
  'emailOptIn',
  'firstName',
  'lastName',
  'address1',
  'address2',
  'city',
  'state',
  'zipCode',
  'phoneNumber',
  'smsOptIn',
];

export function valuesOf(member: Member): ProfileValues {
  return {
    firstName: member.firstName,
    lastName: member.lastName,
    emailOptIn: member.emailOptIn === true,
    address1: member.address?.address1 ?? '',
    address2: member.address?.address2 ?? '',
    city: member.address?.city ?? '',
    state: member.address?.state ?? '',
    zipCode: member.address?.zipCode ?? '',
    phoneNumber: member.phoneNumber ? formatUsPhone(member.phoneNumber) : '',
    smsOptIn: member.smsOptIn === true,
  };
}

/** The messages the rules use, from copy (spec 001 §5 generic messages). */
export interface ProfileMessages {
  required: (label: string) => string;
  maxLength: (label: string, max: number) => string;
  exactDigits: (label: string, n: number) => string;
  invalidPhone: string;
}

export interface FieldRule {
  label: string;
  max?: number;
  required?: boolean;
}

/** Which address fields are required (spec 001 §5): address1, city and state only for full-address, non-credit partners. */
export function fullAddressRequired(config: Pick<PartnerConfig, 'fullAddressRequired' | 'currencyType'>): boolean {
  return config.fullAddressRequired && config.currencyType !== 'Credit';
}

export function rulesFor(
  config: Pick<PartnerConfig, 'fullAddressRequired' | 'currencyType'>,
  labels: Record<ProfileField, string>,
): Partial<Record<ProfileField, FieldRule>> {
  const full = fullAddressRequired(config);
  return {
    firstName: { label: labels.firstName, max: 20, required: true },
    lastName: { label: labels.lastName, max: 20, required: true },
    address1: { label: labels.address1, max: 30, required: full },
    address2: { label: labels.address2, max: 30 },
    city: { label: labels.city, max: 20, required: full },
    state: { label: labels.state, required: full },
    zipCode: { label: labels.zipCode, max: 5, required: true },
    phoneNumber: { label: labels.phoneNumber },
  };
}

/** One field's error (format only; the ZIP's US check is a call, made by the form). */
export function fieldError(
  field: ProfileField,
  values: ProfileValues,
  rules: Partial<Record<ProfileField, FieldRule>>,
  messages: ProfileMessages,
): string | undefined {
  const rule = rules[field];
  if (!rule) return undefined;
  const raw = values[field];
  if (typeof raw !== 'string') return undefined;
  const value = raw.trim();
  if (field === 'phoneNumber') return value && !normalizeUsPhone(value) ? messages.invalidPhone : undefined;
  if (rule.required && !value) return messages.required(rule.label);
  if (rule.max !== undefined && value.length > rule.max) return messages.maxLength(rule.label, rule.max);
  if (field === 'zipCode' && value && !/^\d{5}$/.test(value)) return messages.exactDigits(rule.label, 5);
  return undefined;
}

/** Spec 001 §5/§4: the SMS opt-in after a phone change, v1 (any change clears) or v2 (empty or invalid clears). */
export function smsAfterPhoneChange(version: 'v1' | 'v2' | null, previousPhone: string, phone: string, smsOptIn: boolean): boolean {
  if (!smsOptIn || version === null) return smsOptIn;
  if (version === 'v1') return normalizeUsPhone(phone) === normalizeUsPhone(previousPhone) && phone.trim() !== '' ? smsOptIn : false;
  return phone.trim() !== '' && normalizeUsPhone(phone) !== null;
}

export function smsVersion(config: Pick<PartnerConfig, 'hasSmsOptIn' | 'hasSmsOptInV2'>): 'v1' | 'v2' | null {
  if (config.hasSmsOptInV2) return 'v2';
  if (config.hasSmsOptIn) return 'v1';
  return null;
}

/**
 * The PUT body: only what changed (the address as a whole when any part did), values trimmed and
 * the phone as digits. Null when nothing changed ("No changes were made.").
 */
export function changesOf(
  before: ProfileValues,
  after: ProfileValues,
  options: { sso: boolean; hideEmailOptIn: boolean; sms: 'v1' | 'v2' | null },
): MemberUpdateRequest | null {
  const body: MemberUpdateRequest = {};
  const t = (v: string) => v.trim();
  if (!options.sso) {
    if (t(after.firstName) !== t(before.firstName)) body.firstName = t(after.firstName);
    if (t(after.lastName) !== t(before.lastName)) body.lastName = t(after.lastName);
  }
  if (!options.hideEmailOptIn && after.emailOptIn !== before.emailOptIn) body.emailOptIn = after.emailOptIn;
  const addressKeys = ['address1', 'address2', 'city', 'state', 'zipCode'] as const;
  if (addressKeys.some((k) => t(after[k]) !== t(before[k]))) {
    body.address = Object.fromEntries(addressKeys.map((k) => [k, t(after[k])]));
  }
  const phoneBefore = normalizeUsPhone(before.phoneNumber) ?? t(before.phoneNumber);
  const phoneAfter = normalizeUsPhone(after.phoneNumber) ?? t(after.phoneNumber);
  if (phoneAfter !== phoneBefore) body.phoneNumber = phoneAfter;
  if (options.sms !== null && after.smsOptIn !== before.smsOptIn) body.smsOptIn = after.smsOptIn;
  return Object.keys(body).length ? body : null;
}
