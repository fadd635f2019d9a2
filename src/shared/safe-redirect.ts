// The one rule for "where to go after signing in" (server sso start, client sign-in form, remembered
// login redirects). Only a path on this origin passes: no scheme, no "//", no backslash, no control
// characters, and none of those hidden behind percent-encoding (a browser or a proxy may decode a
// path once more than we did).

const MAX_LENGTH = 500;
const DECODE_ROUNDS = 3;

function looksSafe(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\')) return false;
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  // Resolving against a placeholder origin must keep it there (catches what the checks above miss).
  try {
    return new URL(value, 'https://app.invalid').origin === 'https://app.invalid';
  } catch {
    return false;
  }
}

/** `value` when it is a same-origin path ("/account/overview?x=1"), else null. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  let current = value;
  for (let round = 0; round <= DECODE_ROUNDS; round += 1) {
    if (!looksSafe(current)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      // A malformed escape is not a way off the site, but nothing we would have produced either.
      return null;
    }
    if (decoded === current) return value;
    current = decoded;
  }
  // Still changing after several decodes: layered encoding is an attack, not a link.
  return null;
}
