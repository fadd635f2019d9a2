// GET /api/Members/Validate/Email (spec 000 §7): whether an email is still free (isValid true) or
// already belongs to a member.
import type { EmailValidation } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

export function validateEmail(email: string, usePpn?: boolean): Promise<EmailValidation> {
  const params = new URLSearchParams({ email });
  if (usePpn !== undefined) params.set('usePpn', String(usePpn));
  return apiFetch<EmailValidation>(`/api/Members/Validate/Email?${params.toString()}`);
}
