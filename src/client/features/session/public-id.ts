// The known (pre-login) member's public id (spec 000 §4, §7). It arrives as ?public_id= on any page
// (activation e-mails, referral links) and is kept in a cookie, so the lookup also runs on later visits.
import { readCookie, writeCookie } from '#client/lib/cookies.ts';

export const PUBLIC_ID_COOKIE = 'mb_public_id';
export const PUBLIC_ID_PARAM = 'public_id';
/** How long a public id from a link is remembered: 30 days, in minutes. */
export const PUBLIC_ID_LIFETIME_MINUTES = 30 * 24 * 60;

const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Stores ?public_id= when present and well-formed; answers the id now in effect (URL, else cookie). */
export function capturePublicId(search: string): string | null {
  const fromUrl = new URLSearchParams(search).get(PUBLIC_ID_PARAM)?.trim();
  if (fromUrl && PUBLIC_ID_PATTERN.test(fromUrl)) {
    if (readCookie(PUBLIC_ID_COOKIE) !== fromUrl) writeCookie(PUBLIC_ID_COOKIE, fromUrl, { minutes: PUBLIC_ID_LIFETIME_MINUTES });
    return fromUrl;
  }
  return readPublicId();
}

export function readPublicId(): string | null {
  const stored = readCookie(PUBLIC_ID_COOKIE);
  return stored && PUBLIC_ID_PATTERN.test(stored) ? stored : null;
}
