// Reviews & History rules (spec 001 §2 "Recent activity", §4 transaction display, §5 reviews, §9):
// pure functions, unit-tested in activity.test.ts.
import type { Transaction } from '#shared/generated/types.ts';

/** Spec 001 §9: the review window, and pending older than it reads as review expired. */
export const REVIEW_WINDOW_DAYS = 35;
/** Spec 001 §5: reviews only for transactions from 1 Feb 2021. */
export const REVIEWS_FROM = Date.UTC(2021, 1, 1);
/** Spec 001 §9: the pager shows at most this many page numbers. */
export const PAGE_WINDOW = 5;
/** Spec 001 §9: the rewards progress bar's maximum when the payout copy names no amount. */
export const DEFAULT_PAYOUT_MAX = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

const ageDays = (date: string, now: Date): number => (now.getTime() - new Date(date).getTime()) / DAY_MS;

/** Spec 001 §5: settle or manual, from 1 Feb 2021, not reviewed, not deferred or forfeit, within 35 days. */
export function canReview(t: Transaction, reviewed: boolean, now: Date): boolean {
  const at = new Date(t.date).getTime();
  if (Number.isNaN(at) || at < REVIEWS_FROM) return false;
  if (t.transactionTypeCode !== 'S' && t.transactionTypeCode !== 'M') return false;
  if (reviewed) return false;
  if (t.transactionStatus === 'Deferred' || t.transactionStatus === 'Forfeit') return false;
  return ageDays(t.date, now) <= REVIEW_WINDOW_DAYS;
}

/** Forfeit, pending and deferred rows are dimmed (spec 001 §4). */
export const isDimmed = (t: Transaction): boolean =>
  t.transactionStatus === 'Forfeit' || t.transactionStatus === 'Pending' || t.transactionStatus === 'Deferred';

export type StatusKey =
  | { kind: 'none' }
  /** Untranslated wording (spec 001 §4): Expired, Pending Review, Review expired. */
  | { kind: 'untranslated'; key: 'expired' | 'pendingReview' | 'reviewExpired' }
  /** Translated wording from copy, with the paid date for Paid. */
  | { kind: 'translated'; key: 'deferred' | 'forfeit' | 'pending' | 'paid'; paidAt?: string };

/**
 * The status a row shows. Translated partners (copy account.activity.statusStyle "translated", the
 * default) show the copy's status texts, Paid with its short paid date; untranslated ones show
 * Expired for forfeit, Pending Review (Review expired after 35 days) for pending, nothing otherwise.
 */
export function statusOf(t: Transaction, translated: boolean, now: Date): StatusKey {
  if (!translated) {
    if (t.transactionStatus === 'Forfeit') return { kind: 'untranslated', key: 'expired' };
    if (t.transactionStatus === 'Pending')
      return { kind: 'untranslated', key: ageDays(t.date, now) > REVIEW_WINDOW_DAYS ? 'reviewExpired' : 'pendingReview' };
    return { kind: 'none' };
  }
  switch (t.transactionStatus) {
    case 'Deferred':
      return { kind: 'translated', key: 'deferred' };
    case 'Forfeit':
      return { kind: 'translated', key: 'forfeit' };
    case 'Pending':
      return { kind: 'translated', key: 'pending' };
    case 'Paid':
      return t.paidAt ? { kind: 'translated', key: 'paid', paidAt: t.paidAt } : { kind: 'translated', key: 'paid' };
    default:
      return { kind: 'none' };
  }
}

/** At most PAGE_WINDOW page numbers around the current page, clamped to 1..total. */
export function pageWindow(current: number, total: number, size = PAGE_WINDOW): number[] {
  if (total <= 0) return [];
  const count = Math.min(size, total);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** The payout copy's first dollar amount is the progress bar's maximum (default 20). */
export function payoutMax(text: string): number {
  const match = /\$?\s*(\d+(?:\.\d+)?)/.exec(text);
  const value = match ? Number(match[1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_PAYOUT_MAX;
}

/** "Nov 3" style short date, in UTC so a row's day does not move with the viewer's zone. */
export const shortDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 3, 2026". */
export const longDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The external survey link (spec 001 §7): date, merchant id, transaction id, family id, merchant name, type settle. */
export function reviewUrl(base: string, formCode: string, t: Transaction, familyId: string): string {
  const params = new URLSearchParams({
    date: t.date.slice(0, 10),
    merchantId: t.merchantId,
    transactionId: t.sourceTransactionId,
    familyId,
    merchantName: t.merchantName,
    type: 'settle',
  });
  return `${base}/review/${encodeURIComponent(formCode)}?${params.toString()}`;
}
