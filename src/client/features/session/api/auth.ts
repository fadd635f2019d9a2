// Sign-in (spec 000 §4, §8): POST /api/Member/SignIn for direct partners; the sso start URL for
// sso partners; /fix_credentials; and the login redirect — where to go after signing in, stored
// for 60 minutes and honoured only for a path on this origin.
import type { Member } from '#shared/generated/types.ts';
import { cutPassword } from '#shared/prospect.ts';
import { apiFetch } from '#client/api/http.ts';
import { safeRedirectPath } from '#shared/safe-redirect.ts';

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

export const LOGIN_REDIRECT_KEY = 'mb.loginRedirect';
/** Spec 000 §9: "login redirect stored for 60" — minutes. */
export const LOGIN_REDIRECT_MINUTES = 60;

/** Remembers where to return after signing in (e.g. an account page that needed a session). */
export function rememberLoginRedirect(path: string, now = Date.now()): void {
  const safe = safeRedirectPath(path);
  if (!safe) return;
  try {
    localStorage.setItem(LOGIN_REDIRECT_KEY, JSON.stringify({ path: safe, expires: now + LOGIN_REDIRECT_MINUTES * 60_000 }));
  } catch {
    // Storage unavailable: after sign-in the member lands on the default page.
  }
}

/** The remembered path if still valid (and forgets it). */
export function takeLoginRedirect(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(LOGIN_REDIRECT_KEY);
    localStorage.removeItem(LOGIN_REDIRECT_KEY);
    if (!raw) return null;
    const { path, expires } = JSON.parse(raw) as { path?: unknown; expires?: unknown };
    return typeof expires === 'number' && expires > now ? safeRedirectPath(path) : null;
  } catch {
    return null;
  }
}
