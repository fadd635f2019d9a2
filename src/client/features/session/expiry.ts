// Session expiry rules (spec 000 §4, §9), pure so they are tested without timers. The server keeps
// the expiry in the JS-readable cookie mb_session_expires (ISO time) and refreshes it on every
// GET /api/Member; the client only schedules around it.
import { readCookie } from '#client/lib/cookies.ts';

export const SESSION_EXPIRES_COOKIE = 'mb_session_expires';
export const DEFAULT_SESSION_MS = 15 * 60 * 1000;
export const WARNING_BEFORE_MS = 60 * 1000;
/** The warning logic only runs when expiry is this close (remember-me sessions last 90 days). */
export const WARNING_WINDOW_MS = 24 * 60 * 60 * 1000;
export const SESSION_WARNING_MESSAGE = 'You will be automatically logged out due to inactivity. Click here to keep this session active.';

/** The session's expiry: the cookie's time, else 15 minutes from now (the spec's default). */
export function readSessionExpiry(now: number = Date.now(), cookieValue: string | null = readCookie(SESSION_EXPIRES_COOKIE)): number {
  const parsed = cookieValue ? Date.parse(cookieValue) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : now + DEFAULT_SESSION_MS;
}

export interface SessionPlan {
  /** Milliseconds until the warning toast; 0 = show now; null = no warning. */
  warnInMs: number | null;
  /** Milliseconds until the browser goes to /SignOut; null = nothing scheduled. */
  expireInMs: number | null;
}

export function planSession(expiresAt: number, now: number): SessionPlan {
  const remaining = expiresAt - now;
  if (remaining > WARNING_WINDOW_MS) return { warnInMs: null, expireInMs: null };
  if (remaining <= 0) return { warnInMs: null, expireInMs: 0 };
  return { warnInMs: Math.max(0, remaining - WARNING_BEFORE_MS), expireInMs: remaining };
}
