// POST /api/Member/FixCredentials (/fix_credentials): a member confirms the email to sign in with.
import type { Member } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

export function fixCredentials(email: string, emailConfirm: string): Promise<Member> {
  return apiFetch<Member>('/api/Member/FixCredentials', { method: 'POST', json: { email, emailConfirm } });
}
