// Prospects (spec 000 §7): GET /api/Members/Validate/Email tells whether an email is still free
// (isValid true) or already belongs to a member; POST /api/Members/Prospects starts enrolment.
import { apiFetch } from '#client/api/http.ts';

export interface EmailValidation {
  isValid: boolean;
}

/** The email-only form sends just the email; the join form adds the rest. */
export interface ProspectPayload {
  email: string;
  password?: string;
  passwordConfirm?: string;
  phoneNumber?: string;
  smsOptIn?: boolean;
  smsOptInV2?: boolean;
}

export function validateEmail(email: string, usePpn?: boolean): Promise<EmailValidation> {
  const params = new URLSearchParams({ email });
  if (usePpn !== undefined) params.set('usePpn', String(usePpn));
  return apiFetch<EmailValidation>(`/api/Members/Validate/Email?${params.toString()}`);
}

export function createProspect(prospect: ProspectPayload): Promise<unknown> {
  return apiFetch<unknown>('/api/Members/Prospects', { method: 'POST', json: prospect, redirect: 'manual' });
}
