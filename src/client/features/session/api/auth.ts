// Sign-in (spec 000 §4, §8): POST /api/Member/SignIn for direct partners; the sso start URL for
// sso partners; /fix_credentials. The login redirect is login-redirect.ts.
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

export function fixCredentials(email: string, emailConfirm: string): Promise<Member> {
  return apiFetch<Member>('/api/Member/FixCredentials', { method: 'POST', json: { email, emailConfirm } });
}

/** Where the browser goes to sign in (or join) through the sso partner's provider. */
export function ssoStartUrl(mode: 'signin' | 'join', redirect: string | null): string {
  const params = new URLSearchParams({ mode });
  if (redirect) params.set('redirect', redirect);
  return `/api/Member/SSO/Start?${params.toString()}`;
}
