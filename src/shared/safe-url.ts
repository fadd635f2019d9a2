// The one rule for links from CMS content (navigation, footer, announcement, banners, block props):
// https:, http:, mailto:, tel: and relative references only. The editor API refuses anything else
// on save (422 with the JSON pointer) and the client does not render such a link if one is stored.
const SAFE_SCHEMES = new Set(['https:', 'http:', 'mailto:', 'tel:']);

/**
 * The URL to render, or null when it must not be a link (javascript:, data:, vbscript:, a
 * protocol-relative //host, empty). Browsers ignore spaces, tabs, newlines and control characters
 * inside a scheme ("java\tscript:" is javascript:), so the check sees the value without them.
 */
export function safeCmsUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  const compact = trimmed.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  // //host and /\host (browsers read \ as /) leave the site without naming a scheme.
  if (/^[/\\]{2}/.test(compact)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme) return SAFE_SCHEMES.has(`${scheme[1]!.toLowerCase()}:`) ? trimmed : null;
  return trimmed;
}

export function isSafeCmsUrl(value: unknown): boolean {
  return safeCmsUrl(value) !== null;
}

/** Property names that hold a link in CMS fields and block props. */
export const URL_KEY = /^(url|href|link|to|image|src)$|_url$|Url$/;
