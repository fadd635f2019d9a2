// Tiny document.cookie helpers for the browser-stored keys that live in cookies (spec 000 §3: public
// id, session expiry, referral values). Values are URI-encoded; every cookie is path=/ and
// SameSite=Lax. Deleting sets the expiry to -1 (a max-age in the past), as spec 000 §4 asks.

function doc(): Document | null {
  return typeof document === 'undefined' ? null : document;
}

export function readCookie(name: string, cookieString: string | undefined = doc()?.cookie): string | null {
  if (!cookieString) return null;
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return part.slice(eq + 1).trim();
    }
  }
  return null;
}

export interface CookieOptions {
  /** Lifetime in minutes; omitted = a session cookie (gone when the browser closes). */
  minutes?: number;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const d = doc();
  if (!d) return;
  let cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  if (options.minutes !== undefined) cookie += `; max-age=${Math.round(options.minutes * 60)}`;
  if (location.protocol === 'https:') cookie += '; Secure';
  d.cookie = cookie;
}

export function deleteCookie(name: string): void {
  const d = doc();
  if (!d) return;
  d.cookie = `${name}=; path=/; SameSite=Lax; max-age=-1; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
