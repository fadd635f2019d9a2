// Whether a request was started by this site itself (or typed by the visitor), for the few GETs
// that change something the spec keeps as GET (sign-out). Browsers send Sec-Fetch-Site; older ones
// may still send Origin or Referer, which are compared with the request's own origin.

export interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  protocol: string;
  host: string;
}

/**
 * Null when the request may act, else why not ('cross-site', 'same-site', 'origin', 'referer', or
 * 'no-evidence' when it carries none of the three headers: every browser that can run this app sends
 * at least one of them, so a request without any did not come from our page).
 */
export function crossSiteReason(request: RequestLike): string | null {
  const site = request.headers['sec-fetch-site'];
  // same-origin: our own page; none: typed, bookmarked or opened from outside a page.
  // same-site is refused too: another partner's subdomain is same-site but not us.
  if (typeof site === 'string') return site === 'same-origin' || site === 'none' ? null : site;
  const own = `${request.protocol}://${request.host}`;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== own) return 'origin';
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer !== '') {
    try {
      if (new URL(referer).origin !== own) return 'referer';
    } catch {
      return 'referer';
    }
  }
  return typeof origin === 'string' || (typeof referer === 'string' && referer !== '') ? null : 'no-evidence';
}
