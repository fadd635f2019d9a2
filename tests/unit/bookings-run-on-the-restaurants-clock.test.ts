// Reservations run on the restaurant's clock: the booking widget's "today" and its date range are the
// restaurant's, whatever time zone the member's device is in.
import { describe, expect, it } from 'vitest';
import { localNow, shiftDate, timeZoneOf } from '#shared/restaurant-time.ts';

describe("a restaurant's date", () => {
  it('is still the day before in New York just after midnight UTC, and in Los Angeles later still', () => {
    const justAfterMidnightUtc = new Date('2026-11-27T00:30:00Z');
    expect(localNow(justAfterMidnightUtc, timeZoneOf('NY'))).toEqual({ date: '2026-11-26', minutes: 19 * 60 + 30 });
    expect(localNow(justAfterMidnightUtc, timeZoneOf('IL')).date).toBe('2026-11-26');
    expect(localNow(new Date('2026-11-27T07:30:00Z'), timeZoneOf('CA'))).toEqual({ date: '2026-11-26', minutes: 23 * 60 + 30 });
    expect(localNow(new Date('2026-11-27T08:30:00Z'), timeZoneOf('CA')).date).toBe('2026-11-27');
  });

  it('moves by calendar days and years across month, year and daylight-saving edges', () => {
    expect(shiftDate('2026-03-01', { days: -1 })).toBe('2026-02-28');
    expect(shiftDate('2026-12-31', { days: 1 })).toBe('2027-01-01');
    expect(shiftDate('2026-11-26', { years: 1 })).toBe('2027-11-26');
    expect(shiftDate('2026-03-08', { days: 1 })).toBe('2026-03-09');
  });
});
