// Pure formatting for the merchant detail page.
import type { MerchantDetail } from '#shared/generated/types.ts';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "19:30" -> "7:30 pm"; "00:00" -> "midnight". */
export function formatTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  if (h % 24 === 0 && m === 0) return 'midnight';
  const suffix = h % 24 >= 12 ? 'pm' : 'am';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour} ${suffix}` : `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** "2125551234" -> "212-555-1234" (the profile's display form). */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return d.length === 10 ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}` : digits;
}

/** Seven rows, Sunday first: each day's opening times or null when closed. */
export function weekHours(hours: NonNullable<MerchantDetail['hours']>): { day: number; label: string; times: string | null }[] {
  return WEEKDAYS.map((label, day) => {
    const spans = hours.filter((h) => h.day === day);
    return { day, label, times: spans.length ? spans.map((s) => `${formatTime(s.open)} – ${formatTime(s.close)}`).join(', ') : null };
  });
}

/** "2026-12-03" -> "Thu, Dec 3" (read as a calendar date, not a UTC instant). */
export function formatDate(iso: string, withYear = false): string {
  const [y = 1970, m = 1, d = 1] = iso.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString('en-US', {
    weekday: withYear ? undefined : 'short',
    month: 'short',
    day: 'numeric',
    year: withYear ? 'numeric' : undefined,
  });
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
