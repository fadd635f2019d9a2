// POST /api/Member/SignIn (spec 000 §4, §8): a direct partner's sign-in.
import type { Member } from '#shared/generated/types.ts';
import { cutPassword } from '#shared/prospect.ts';
import { apiFetch } from '#client/api/http.ts';

export interface SignInPayload {
  email: string;
  password: string;
  rememberMe: boolean;
}

export function signIn(payload: SignInPayload): Promise<Member> {
  return apiFetch<Member>('/api/Member/SignIn', {
    method: 'POST',
    json: { ...payload, email: payload.email.trim(), password: cutPassword(payload.password) },
  });
}
