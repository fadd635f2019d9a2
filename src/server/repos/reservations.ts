// Table bookings through the local booking provider (spec 001 §4-5, §8): availability and booking.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { localNow, timeZoneOf } from '#shared/restaurant-time.ts';
import {
  availability,
  cancelRefusal,
  OVERLAP_MINUTES,
  type Availability,
  type AvailabilityRequest,
  type MerchantLimits,
} from '../reservations/rules.ts';

interface Bookable extends MerchantLimits {
  timeZone: string;
}

/** The merchant's booking limits, or null when it is unknown or not bookable online. */
export async function bookableMerchant(db: Queryable, merchantId: string): Promise<Bookable | null> {
  const { rows } = await db.query<{ state: string; hours: MerchantLimits['hours']; min_party: number | null; max_party: number | null }>(
    `select m.state, d.hours, d.min_party, d.max_party from merchants m left join merchant_details d on d.merchant_id = m.id
      where m.id = $1 and m.open_table_id is not null`,
    [merchantId],
  );
  const row = rows[0];
  if (!row) return null;
  return { timeZone: timeZoneOf(row.state), hours: row.hours, minPartySize: row.min_party ?? 1, maxPartySize: row.max_party ?? 10 };
}

async function takenTimes(db: Queryable, merchantId: string, date: string, timeZone: string): Promise<Set<string>> {
  const { rows } = await db.query<{ t: string }>(
    `select to_char(starts_at at time zone $3, 'HH24:MI') as t from reservations
      where merchant_id = $1 and cancelled_at is null and (starts_at at time zone $3)::date = $2::date`,
    [merchantId, date, timeZone],
  );
  return new Set(rows.map((r) => r.t));
}

export async function checkAvailability(
  db: Queryable,
  merchant: Bookable,
  request: AvailabilityRequest,
  now = new Date(),
): Promise<Availability> {
  const taken = await takenTimes(db, request.merchantId, request.date, merchant.timeZone);
  return availability(request, merchant, localNow(now, merchant.timeZone), taken);
}

export type BookingOutcome =
  { ok: true; confirmation: string } | { ok: false; code: 'overlap' | 'fraud' | 'noAvailability' | 'partySize' | 'tooFar' | 'tooClose' };

/**
 * Books a table when the time is still offered and the member has no other booking at this merchant
 * within two hours. Members the provider has deactivated (demo: e-mail starting "blocked") are refused.
 */
export async function book(
  db: Queryable,
  merchant: Bookable,
  member: { id: number; partner_id: string; email: string },
  request: AvailabilityRequest,
  now = new Date(),
): Promise<BookingOutcome> {
  if (/^blocked/i.test(member.email)) return { ok: false, code: 'fraud' };
  const offered = await checkAvailability(db, merchant, request, now);
  if (offered.state === 'tooBig' || offered.state === 'tooSmall') return { ok: false, code: 'partySize' };
  if (offered.state === 'tooFar') return { ok: false, code: 'tooFar' };
  if (offered.state === 'tooClose') return { ok: false, code: 'tooClose' };
  if (!offered.slots.includes(request.time)) return { ok: false, code: 'noAvailability' };
  const startsAt = `${request.date} ${request.time}`;
  const overlap = await db.query(
    `select 1 from reservations where member_id = $1 and merchant_id = $2 and cancelled_at is null
      and abs(extract(epoch from (starts_at - ($3::timestamp at time zone $4)))) < $5 * 60`,
    [member.id, request.merchantId, startsAt, merchant.timeZone, OVERLAP_MINUTES],
  );
  if (overlap.rows.length) return { ok: false, code: 'overlap' };
  const confirmation = randomBytes(5).toString('hex').toUpperCase();
  await db.query(
    `insert into reservations (partner_id, member_id, merchant_id, starts_at, party_size, confirmation)
     values ($1, $2, $3, $4::timestamp at time zone $5, $6, $7)`,
    [member.partner_id, member.id, request.merchantId, startsAt, merchant.timeZone, request.partySize, confirmation],
  );
  return { ok: true, confirmation };
}

/** One of a member's bookings as the account centre lists it (times in the restaurant's zone). */
export interface UpcomingReservation {
  confirmation: string;
  merchantId: string;
  merchantName: string;
  address: string;
  date: string;
  time: string;
  partySize: number;
  /** ISO instant the table is booked for. */
  startsAt: string;
  /** Whether the provider still takes an online cancellation (null) or why not. */
  cancelRefusal: 'past' | 'tooClose' | null;
}

interface ReservationRow {
  confirmation: string;
  merchant_id: string;
  name: string;
  address1: string;
  city: string;
  state: string;
  zip_code: string;
  starts_at: Date | string;
  party_size: number;
}

const RESERVATION_SELECT = `select r.confirmation, r.merchant_id, m.name, m.address1, m.city, m.state, m.zip_code, r.starts_at, r.party_size
  from reservations r join merchants m on m.id = r.merchant_id`;

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function toUpcoming(row: ReservationRow, now: Date): UpcomingReservation {
  const startsAt = new Date(row.starts_at);
  const local = localNow(startsAt, timeZoneOf(row.state));
  return {
    confirmation: row.confirmation,
    merchantId: row.merchant_id,
    merchantName: row.name,
    address: `${row.address1}, ${row.city}, ${row.state} ${row.zip_code}`,
    date: local.date,
    time: hhmm(local.minutes),
    partySize: row.party_size,
    startsAt: startsAt.toISOString(),
    cancelRefusal: cancelRefusal(startsAt, now),
  };
}

/** Spec-free bound: the account centre lists at most this many upcoming bookings. */
export const UPCOMING_LIMIT = 50;

/** The member's bookings that have not started yet and are not cancelled, soonest first. */
export async function upcomingReservations(db: Queryable, memberId: number, now = new Date()): Promise<UpcomingReservation[]> {
  const { rows } = await db.query<ReservationRow>(
    `${RESERVATION_SELECT} where r.member_id = $1 and r.cancelled_at is null and r.starts_at > $2
      order by r.starts_at, r.id limit ${UPCOMING_LIMIT}`,
    [memberId, now.toISOString()],
  );
  return rows.map((row) => toUpcoming(row, now));
}

/** One of the member's bookings (not cancelled) by its confirmation, or null. */
export async function memberReservation(
  db: Queryable,
  memberId: number,
  confirmation: string,
  now = new Date(),
): Promise<UpcomingReservation | null> {
  const { rows } = await db.query<ReservationRow>(
    `${RESERVATION_SELECT} where r.member_id = $1 and r.confirmation = $2 and r.cancelled_at is null`,
    [memberId, confirmation],
  );
  return rows[0] ? toUpcoming(rows[0], now) : null;
}

export type CancelOutcome = { ok: true; reservation: UpcomingReservation } | { ok: false; code: 'notFound' | 'past' | 'tooClose' };

/**
 * Cancels a member's own booking when the provider still takes it online (CANCEL_LEAD_MINUTES
 * before the start). The update repeats the not-cancelled test, so two cancels at once cancel once.
 */
export async function cancelReservation(db: Queryable, memberId: number, confirmation: string, now = new Date()): Promise<CancelOutcome> {
  const found = await memberReservation(db, memberId, confirmation, now);
  if (!found) return { ok: false, code: 'notFound' };
  if (found.cancelRefusal) return { ok: false, code: found.cancelRefusal };
  const { rows } = await db.query(
    `update reservations set cancelled_at = $3 where member_id = $1 and confirmation = $2 and cancelled_at is null returning id`,
    [memberId, confirmation, now.toISOString()],
  );
  return rows.length ? { ok: true, reservation: found } : { ok: false, code: 'notFound' };
}
