// Referral and campaign tracking (spec 000 §3, §4, §9): utm_term, utm_medium, utm_campaign,
// utm_source, utm_content, referrer and source are read from the URL and saved in cookies. A URL
// carrying any of them replaces the whole earlier set (saving clears earlier values); deleting a
// cookie sets its expiry to -1. `source` lives 2880 minutes (2 days — the spec gives the number
// without a unit; minutes is the reading that fits a referral window); the others last the
// browser session.
import { deleteCookie, readCookie, writeCookie } from '#client/lib/cookies.ts';

export const REFERRAL_PARAMS = ['utm_term', 'utm_medium', 'utm_campaign', 'utm_source', 'utm_content', 'referrer', 'source'] as const;
export type ReferralParam = (typeof REFERRAL_PARAMS)[number];

export const REFERRAL_COOKIE_PREFIX = 'mb_ref_';
/** Lifetime of the `source` value, in minutes. */
export const SOURCE_LIFETIME_MINUTES = 2880;

export function referralCookieName(param: ReferralParam): string {
  return `${REFERRAL_COOKIE_PREFIX}${param}`;
}

/** Referral data as the prospect payload names it (spec 000 §3). */
export interface ReferralData {
  utmTerm: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmSource: string | null;
  utmContent: string | null;
  referrer: string | null;
  source: string | null;
}

const FIELD: Record<ReferralParam, keyof ReferralData> = {
  utm_term: 'utmTerm',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_source: 'utmSource',
  utm_content: 'utmContent',
  referrer: 'referrer',
  source: 'source',
};

/** Saves the referral values of a URL's query string. Answers whether anything was saved. */
export function captureReferral(search: string): boolean {
  const params = new URLSearchParams(search);
  const found = REFERRAL_PARAMS.filter((p) => (params.get(p) ?? '').trim() !== '');
  if (found.length === 0) return false;
  clearReferral();
  for (const param of found) {
    const value = params.get(param)!.trim().slice(0, 200);
    writeCookie(referralCookieName(param), value, param === 'source' ? { minutes: SOURCE_LIFETIME_MINUTES } : {});
  }
  return true;
}

export function clearReferral(): void {
  for (const param of REFERRAL_PARAMS) deleteCookie(referralCookieName(param));
}

export function readReferral(): ReferralData {
  const data = {} as ReferralData;
  for (const param of REFERRAL_PARAMS) data[FIELD[param]] = readCookie(referralCookieName(param));
  return data;
}
