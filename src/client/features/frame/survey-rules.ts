// The survey widget's rules (spec 000 §4): which paths show it, for how long a visit hides it, the
// provider's form URL and its submission message. Pure; Survey.tsx uses them and loads on demand.

/** Spec 000 §9 survey defaults. */
export const SURVEY_DEFAULTS = { cookieTimeoutDays: 90, delayTimeoutSeconds: 0, closeAfterSubmitMs: 4000, panelHeightPx: 450 } as const;

/**
 * A survey list entry as a path matcher: a full URL counts by its path; an entry ending in `/` or
 * `*` covers that path and everything below it ("/merchants/" = every merchant page, "/*" = all);
 * any other entry, and "/" (the home page), is one exact path. Trailing slashes of the page path are ignored, case too.
 */
export function pathMatches(pattern: string, pathname: string): boolean {
  let p = pattern.trim();
  if (!p) return false;
  if (/^https?:\/\//i.test(p)) {
    try {
      p = new URL(p).pathname;
    } catch {
      return false;
    }
  }
  const norm = (s: string) => (s.length > 1 ? s.replace(/\/+$/, '') : s).toLowerCase();
  const path = norm(pathname);
  if (p.endsWith('*') || (p.endsWith('/') && p !== '/')) {
    const base = norm(p.replace(/\*$/, ''));
    return base === '/' || path === base || path.startsWith(`${base}/`);
  }
  return norm(p) === path;
}

export interface SurveyRules {
  allow?: string[];
  disallow?: string[];
  cookieTimeoutDays?: number;
  lastSeenAt: number | null;
  now: number;
}

/** Hidden when not on the allow list (if there is one), on the disallow list, or seen recently. */
export function surveyVisible(pathname: string, rules: SurveyRules): boolean {
  const allow = rules.allow?.filter((p) => p.trim() !== '') ?? [];
  if (allow.length > 0 && !allow.some((p) => pathMatches(p, pathname))) return false;
  if (rules.disallow?.some((p) => pathMatches(p, pathname))) return false;
  const days = rules.cookieTimeoutDays ?? SURVEY_DEFAULTS.cookieTimeoutDays;
  if (rules.lastSeenAt !== null && rules.lastSeenAt <= rules.now && rules.now - rules.lastSeenAt < days * 24 * 60 * 60 * 1000) return false;
  return true;
}

/** Builds the survey form URL on the providers origin (spec 000 §7: tracking values with the id). */
export function surveyFormUrl(args: {
  providersOrigin: string;
  surveyId: string;
  pathname: string;
  publicId: string | null;
  partnerId: string;
  parentOrigin: string;
}): string {
  const url = new URL(`/survey/${encodeURIComponent(args.surveyId)}`, args.providersOrigin);
  url.searchParams.set('utm_campaign', args.surveyId);
  url.searchParams.set('utm_medium', 'web');
  url.searchParams.set('utm_source', args.pathname);
  url.searchParams.set('public_id', args.publicId ?? '');
  url.searchParams.set('partner_code', args.partnerId);
  url.searchParams.set('parent', args.parentOrigin);
  return url.toString();
}

/** A message from the survey frame counts only from the providers origin and in the agreed shape. */
export function isSurveySubmitted(event: { origin: string; data: unknown }, providersOrigin: string): boolean {
  if (event.origin !== providersOrigin) return false;
  const data = event.data;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'survey:submitted';
}
