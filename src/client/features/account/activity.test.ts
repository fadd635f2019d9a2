// Recent activity rules: review prompts, status wording, dimming, the pager window, the payout maximum.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '#shared/generated/types.ts';
import { canReview, isDimmed, pageWindow, payoutMax, reviewUrl, statusOf } from './activity.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

const txn = (overrides: Partial<Transaction> & { daysAgo?: number } = {}): Transaction => {
  const { daysAgo = 3, ...rest } = overrides;
  return {
    sourceTransactionId: 'skyline-card2-001',
    merchantId: 'm-1',
    merchantName: 'Blue Fin',
    date: new Date(NOW.getTime() - daysAgo * DAY).toISOString(),
    transactionStatus: 'Pending',
    transactionTypeCode: 'S',
    benefitAmount: 100,
    activeMerchant: true,
    ...rest,
  };
};

describe('recent activity rules', () => {
  it('offers a review only for settle or manual visits within 35 days, not reviewed, deferred or forfeit', () => {
    expect(canReview(txn(), false, NOW)).toBe(true);
    expect(canReview(txn({ transactionTypeCode: 'M', transactionStatus: 'Awarded' }), false, NOW)).toBe(true);
    expect(canReview(txn(), true, NOW)).toBe(false);
    expect(canReview(txn({ transactionTypeCode: 'B' }), false, NOW)).toBe(false);
    expect(canReview(txn({ transactionStatus: 'Deferred' }), false, NOW)).toBe(false);
    expect(canReview(txn({ transactionStatus: 'Forfeit' }), false, NOW)).toBe(false);
    expect(canReview(txn({ daysAgo: 35 }), false, NOW)).toBe(true);
    expect(canReview(txn({ daysAgo: 36 }), false, NOW)).toBe(false);
    expect(canReview(txn({ date: '2021-01-31T12:00:00Z' }), false, new Date('2021-02-10T00:00:00Z'))).toBe(false);
  });

  it('dims forfeit, pending and deferred rows', () => {
    expect(isDimmed(txn({ transactionStatus: 'Forfeit' }))).toBe(true);
    expect(isDimmed(txn({ transactionStatus: 'Deferred' }))).toBe(true);
    expect(isDimmed(txn({ transactionStatus: 'Pending' }))).toBe(true);
    expect(isDimmed(txn({ transactionStatus: 'Awarded' }))).toBe(false);
    expect(isDimmed(txn({ transactionStatus: 'Paid' }))).toBe(false);
  });

  it('words statuses untranslated (Expired, Pending Review, Review expired) or from copy (Paid with its date)', () => {
    expect(statusOf(txn({ transactionStatus: 'Forfeit' }), false, NOW)).toEqual({ kind: 'untranslated', key: 'expired' });
    expect(statusOf(txn(), false, NOW)).toEqual({ kind: 'untranslated', key: 'pendingReview' });
    expect(statusOf(txn({ daysAgo: 40 }), false, NOW)).toEqual({ kind: 'untranslated', key: 'reviewExpired' });
    expect(statusOf(txn({ transactionStatus: 'Awarded' }), false, NOW)).toEqual({ kind: 'none' });
    expect(statusOf(txn({ transactionStatus: 'Deferred' }), true, NOW)).toEqual({ kind: 'translated', key: 'deferred' });
    expect(statusOf(txn({ transactionStatus: 'Paid', paidAt: '2026-06-01T00:00:00Z' }), true, NOW)).toEqual({
      kind: 'translated',
      key: 'paid',
      paidAt: '2026-06-01T00:00:00Z',
    });
    expect(statusOf(txn({ transactionStatus: 'Awarded' }), true, NOW)).toEqual({ kind: 'none' });
  });

  it('shows at most 5 page numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('reads the progress maximum from the payout copy, 20 by default', () => {
    expect(payoutMax('Issued each time your balance reaches $25.')).toBe(25);
    expect(payoutMax('Issued when you have enough.')).toBe(20);
  });

  it('links the survey with date, merchant, transaction, family id, merchant name and type settle', () => {
    const link = new URL(reviewUrl('http://localhost:3001', 'form-1', txn(), 'fam-1'));
    expect(link.pathname).toBe('/review/form-1');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      date: '2026-06-12',
      merchantId: 'm-1',
      transactionId: 'skyline-card2-001',
      familyId: 'fam-1',
      merchantName: 'Blue Fin',
      type: 'settle',
    });
  });
});
