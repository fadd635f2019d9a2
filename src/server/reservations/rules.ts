// Reservation rules of the local booking provider (spec 001 §4-5, §8, §9): which times can be
// booked for a date, time and party size, and why not. Pure: the clock and the merchant's limits
// and hours come in as arguments.
import { createRng, hashString } from '../seed/data/random.ts';

/** Spec 001 §9: the booking window; our provider books up to 90 days ahead (the widget allows a year). */
export const BOOKING_DAYS_AHEAD = 90;
/** A booking must start at least this far ahead. */
export const MIN_LEAD_MINUTES = 60;
/** Spec 001 §8: one reservation per member per merchant within two hours. */
export const OVERLAP_MINUTES = 120;
/**
 * Our provider's cancellation rule (the spec names none): a booking can be cancelled online until an
 * hour before it starts, the same lead a new booking needs; later, the member calls the restaurant.
 */
export const CANCEL_LEAD_MINUTES = 60;

/** Why a booking cannot be cancelled online now, or null when it can. */
export function cancelRefusal(startsAt: Date, now: Date): 'past' | 'tooClose' | null {
  const lead = (startsAt.getTime() - now.getTime()) / 60_000;
  if (lead <= 0) return 'past';
  if (lead < CANCEL_LEAD_MINUTES) return 'tooClose';
  return null;
}

/** Slots offered around the requested time: every 15 minutes, up to an hour either side. */
export const SLOT_STEP_MINUTES = 15;
export const SLOT_SPAN_MINUTES = 60;

export type AvailabilityState = 'ok' | 'none' | 'tooBig' | 'tooSmall' | 'tooFar' | 'tooClose';

export interface AvailabilityRequest {
  merchantId: string;
  /** YYYY-MM-DD, the merchant's local date. */
  date: string;
  /** HH:MM, local. */
  time: string;
  partySize: number;
}

export interface MerchantLimits {
  minPartySize: number;
  maxPartySize: number;
  /** [{day 0-6, open, close}] or null (unknown: 11:00-23:00 every day). */
  hours: { day: number; open: string; close: string }[] | null;
}

export interface Availability {
  state: AvailabilityState;
  /** HH:MM local times, ascending. */
  slots: string[];
}

const minutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};
const hhmm = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/** Bookable times near the requested one, or the reason there are none. `taken` are booked HH:MM. */
export function availability(
  request: AvailabilityRequest,
  limits: MerchantLimits,
  now: { date: string; minutes: number },
  taken: ReadonlySet<string> = new Set(),
): Availability {
  if (request.partySize > limits.maxPartySize) return { state: 'tooBig', slots: [] };
  if (request.partySize < limits.minPartySize) return { state: 'tooSmall', slots: [] };
  const daysAhead = dayNumber(request.date) - dayNumber(now.date);
  if (daysAhead > BOOKING_DAYS_AHEAD) return { state: 'tooFar', slots: [] };
  const earliest = daysAhead < 0 ? Infinity : daysAhead === 0 ? now.minutes + MIN_LEAD_MINUTES : -Infinity;
  const wanted = minutes(request.time);
  if (wanted < earliest && wanted + SLOT_SPAN_MINUTES < earliest) return { state: 'tooClose', slots: [] };
  const weekday = new Date(`${request.date}T12:00:00Z`).getUTCDay();
  const spans = limits.hours
    ? limits.hours
        .filter((h) => h.day === weekday)
        .map((h) => [minutes(h.open), minutes(h.close) <= minutes(h.open) ? 24 * 60 : minutes(h.close)] as const)
    : [[11 * 60, 23 * 60] as const];
  // The provider's own bookings: a stable share of slots is already full for each date and party size.
  const rng = createRng(hashString(`${request.merchantId}:${request.date}:${request.partySize > 4 ? 'large' : 'small'}`));
  const full = new Set<number>();
  for (let t = 0; t < 24 * 60; t += SLOT_STEP_MINUTES) if (rng.chance(request.partySize > 4 ? 0.45 : 0.25)) full.add(t);
  const slots: string[] = [];
  for (let t = wanted - SLOT_SPAN_MINUTES; t <= wanted + SLOT_SPAN_MINUTES; t += SLOT_STEP_MINUTES) {
    if (t < 0 || t >= 24 * 60 || t < earliest || full.has(t) || taken.has(hhmm(t))) continue;
    // Seat until an hour before closing.
    if (!spans.some(([open, close]) => t >= open && t <= close - 60)) continue;
    slots.push(hhmm(t));
  }
  if (slots.length === 0) return { state: wanted < earliest ? 'tooClose' : 'none', slots: [] };
  return { state: 'ok', slots };
}
