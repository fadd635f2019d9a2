// The login redirect (spec 000 §4, §9): where to go after signing in, stored for 60 minutes and
// honoured only for a path on this origin. Its own module: the account frame needs it on every
// route, the sign-in calls only their forms.
import { safeRedirectPath } from '#shared/safe-redirect.ts';

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
