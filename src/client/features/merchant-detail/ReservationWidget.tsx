// The reservation section (spec 001 §2 "Merchant detail", §4-5, §8, §9): date (yesterday to a year
// ahead), time (19:00 by default) and party size (2), then the bookable times or the availability
// state; choosing a time books it for members. Anonymous visitors are asked to sign in and come back
// to the same merchant and time (the choice rides in the URL they return to). Analytics events
// cover search, slot selected, login prompt and booking success or failure, each marked default or
// user search and with or without a card.
import { fillTemplate } from '#shared/copy.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Link } from '#client/ui/Link.tsx';
import { useQuery } from '@tanstack/react-query';
import type { MerchantDetail, ReservationAvailability } from '#shared/generated/types.ts';
import { rememberLoginRedirect } from '#client/features/session/index.ts';
import { errorBodyOf } from '#client/api/error-body.ts';
import { pushEvent } from '#client/lib/analytics.ts';
import { useCopy, usePartner, useVisitor } from '#client/runtime/index.tsx';
import { Spinner } from '#client/ui/Spinner.tsx';
import { useIsClient } from '#client/lib/useIsClient.ts';
import { availabilityQuery } from './api/reservation-availability.ts';
import { useBookReservation } from './api/book-reservation.ts';
import { formatDate, formatTime, WEEKDAYS } from './format.ts';
import styles from './MerchantDetail.module.css';
import { signInPath } from '#shared/partner.ts';
import { localNow, shiftDate, timeZoneOf } from '#shared/restaurant-time.ts';

export const DEFAULT_TIME = '19:00';
export const DEFAULT_PARTY = 2;

/** The party sizes the restaurant books online, and the default (2, or the nearest it takes). */
export function partySizes(limits: { minPartySize: number; maxPartySize: number } | null): { sizes: number[]; fallback: number } {
  const min = Math.max(1, limits?.minPartySize ?? 1);
  const max = Math.max(min, limits?.maxPartySize ?? 20);
  return { sizes: Array.from({ length: max - min + 1 }, (_, i) => min + i), fallback: Math.min(max, Math.max(min, DEFAULT_PARTY)) };
}
const TIMES = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

/** Yesterday to a year ahead, and today, in the restaurant's time zone (its bookings are in local time). */
function dateBounds(state: string | null | undefined, now = new Date()): { min: string; max: string; today: string } {
  const today = localNow(now, timeZoneOf(state)).date;
  return { min: shiftDate(today, { days: -1 }), max: shiftDate(today, { years: 1 }), today };
}

const STATE_DEFAULTS: Record<Exclude<ReservationAvailability['state'], 'ok'>, string> = {
  none: 'No tables are available around this time. Try another time or date.',
  tooBig: 'This party is too large to book online (up to {max} guests). Please call the restaurant.',
  tooSmall: 'This party is too small for this restaurant, which books parties of {min} or more.',
  tooFar: 'That date is too far ahead to book. Choose a date sooner.',
  tooClose: 'That time is too soon to book online. Choose a later time.',
};

const ERROR_DEFAULTS: Record<string, string> = {
  unable: "We're unable to complete your reservation.",
  overlap: 'You already have a reservation at this location within two hours.',
  fraud: 'Your account has been deactivated with the booking partner.',
  noAvailability: 'There is no availability for the time you chose. Choose another time.',
  partySize: 'Your party is too small or too large for this restaurant to book online.',
  tooFar: 'Your reservation date is too far ahead to book. Choose a date sooner.',
  tooClose: 'Your reservation time is too close to book online. Choose a later time.',
};

export function ReservationWidget({ detail, title }: { detail: MerchantDetail; title?: string }) {
  const copy = useCopy();
  const { config } = usePartner();
  const visitor = useVisitor();
  const location = useLocation();
  const [params] = useSearchParams();
  const bounds = dateBounds(detail.merchant.location.address.state);
  const party = partySizes(detail.reservation);
  // Sent by the server, the form takes input only once the page's script has taken over: what was
  // typed before would be put back to the defaults when it does.
  const inert = !useIsClient();
  const [date, setDate] = useState(params.get('date') ?? bounds.today);
  const [time, setTime] = useState(params.get('time') ?? DEFAULT_TIME);
  const [partySize, setPartySize] = useState(() => {
    const asked = Number(params.get('party'));
    return party.sizes.includes(asked) ? asked : party.fallback;
  });
  const [search, setSearch] = useState<{ date: string; time: string; partySize: number } | null>(
    params.get('date')
      ? {
          date: params.get('date') ?? bounds.today,
          time: params.get('time') ?? DEFAULT_TIME,
          partySize,
        }
      : null,
  );
  const [slot, setSlot] = useState<string | null>(params.get('slot'));
  const booking = useBookReservation();
  const bookButton = useRef<HTMLButtonElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  // Back from signing in with a table chosen (?slot=): once the tables are listed again, the member
  // is taken to the one they chose, its Book button focused (which scrolls it into view).
  const returning = useRef(params.get('slot') !== null);
  const ids = { date: useId(), time: useId(), party: useId() };
  const merchantId = detail.merchant.id;
  const reservation = detail.reservation;
  const available = useQuery({
    ...availabilityQuery({
      merchantId,
      date: search?.date ?? bounds.today,
      time: search?.time ?? DEFAULT_TIME,
      partySize: search?.partySize ?? party.fallback,
    }),
    enabled: search !== null && reservation !== null,
  });
  const guests = (n: number) =>
    fillTemplate(
      copy(n === 1 ? 'merchantDetail.reservation.guest' : 'merchantDetail.reservation.guests', n === 1 ? '{n} guest' : '{n} guests'),
      { n },
    );
  const withCard = visitor.kind === 'cardMember';
  const signedIn = visitor.kind === 'cardMember' || visitor.kind === 'nonCardMember' || visitor.kind === 'closedAccount';
  const track = (name: string, extra: Record<string, unknown> = {}) =>
    pushEvent({
      event: `reservation_${name}`,
      merchantId,
      searchType:
        search && (search.date !== bounds.today || search.time !== DEFAULT_TIME || search.partySize !== party.fallback)
          ? 'user'
          : 'default',
      card: withCard ? 'withCard' : 'withoutCard',
      ...extra,
    });

  useEffect(() => {
    if (available.data) track('search', { state: available.data.state, slots: available.data.slots.length });
    // One event per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [available.data]);

  useEffect(() => {
    if (!returning.current || !available.data) return;
    returning.current = false;
    const button = bookButton.current;
    if (!button) return;
    button.focus({ preventScroll: true });
    button.scrollIntoView({ block: 'center' });
  }, [available.data]);

  // The confirmation replaces the form, which may leave it above the screen on a phone: it is
  // brought into view and focused (a status region, also announced).
  useEffect(() => {
    if (!booking.isSuccess || !confirmation.current) return;
    confirmation.current.focus({ preventScroll: true });
    confirmation.current.scrollIntoView({ block: 'center' });
  }, [booking.isSuccess]);

  if (!reservation || !config.openTableReservationsEnabled) return null;

  const returnPath = (chosen: string) =>
    `${location.pathname}?${new URLSearchParams({ date: search?.date ?? date, time: search?.time ?? time, party: String(search?.partySize ?? partySize), slot: chosen })}#reservations`;
  const signInHref = signInPath(config.enrollmentType);

  const choose = (chosen: string) => {
    setSlot(chosen);
    booking.reset();
    track('slot_selected', { time: chosen });
    if (!signedIn) {
      rememberLoginRedirect(returnPath(chosen));
      track('login_prompt', { time: chosen });
    }
  };

  const confirm = () => {
    if (!search || !slot) return;
    booking.mutate(
      { merchantId, date: search.date, time: slot, partySize: search.partySize },
      {
        onSuccess: (r) => track('booking_success', { confirmation: r.confirmation }),
        onError: (error) => {
          const code = errorCode(error);
          track('booking_failure', { code });
          // Only a failed call is worth repeating as is; any other refusal is about this time or
          // this member, so the choice is cleared (the list refreshes) and the message stays.
          if (code !== 'unable') setSlot(null);
        },
      },
    );
  };

  const errorCode = (error: unknown) => {
    const body = errorBodyOf(error);
    return body?.code && body.code in ERROR_DEFAULTS ? body.code : 'unable';
  };

  return (
    <section id="reservations" className={`container ${styles.section}`} aria-labelledby="merchant-reservations">
      <div className={styles.offerCard}>
        <h2 id="merchant-reservations" className={styles.sectionTitle}>
          {title ?? copy('merchantDetail.reservation.title', 'Reserve a table')}
        </h2>
        {config.hasReservationBonus && (
          <p className={styles.bonusLine}>
            {copy('merchantDetail.reservation.bonus', 'Earn {reservationBonus} bonus {currency} when you book and dine.')}
          </p>
        )}
        {booking.isSuccess ? (
          <div role="status" className={styles.confirmation} ref={confirmation} tabIndex={-1}>
            <p className={styles.earnRate}>{copy('merchantDetail.reservation.booked', 'You are booked!')}</p>
            <p>
              {fillTemplate(copy('merchantDetail.reservation.bookedDetail', '{guests} on {day} {date} at {time}. Confirmation {code}.'), {
                guests: guests(booking.data.partySize),
                day: WEEKDAYS[new Date(`${booking.data.date}T12:00:00`).getDay()] ?? '',
                date: formatDate(booking.data.date, true),
                time: formatTime(booking.data.time),
                code: booking.data.confirmation,
              })}
            </p>
          </div>
        ) : (
          <>
            <form
              className={styles.reservationForm}
              onSubmit={(e) => {
                e.preventDefault();
                setSlot(null);
                booking.reset();
                setSearch({ date, time, partySize });
              }}
            >
              <label htmlFor={ids.date}>
                {copy('merchantDetail.reservation.date', 'Date')}
                <input
                  id={ids.date}
                  type="date"
                  min={bounds.min}
                  max={bounds.max}
                  value={date}
                  required
                  disabled={inert}
                  onChange={(e) => setDate(e.target.value)}
                />
              </label>
              <label htmlFor={ids.time}>
                {copy('merchantDetail.reservation.time', 'Time')}
                <select id={ids.time} value={time} disabled={inert} onChange={(e) => setTime(e.target.value)}>
                  {TIMES.map((t) => (
                    <option key={t} value={t}>
                      {formatTime(t)}
                    </option>
                  ))}
                </select>
              </label>
              <label htmlFor={ids.party}>
                {copy('merchantDetail.reservation.party', 'Party size')}
                <select id={ids.party} value={partySize} disabled={inert} onChange={(e) => setPartySize(Number(e.target.value))}>
                  {party.sizes.map((n) => (
                    <option key={n} value={n}>
                      {guests(n)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={styles.button} disabled={inert}>
                {copy('merchantDetail.reservation.find', 'Find a table')}
              </button>
            </form>
            {search && (
              <div className={styles.slots} aria-live="polite">
                {available.isPending ? (
                  <Spinner size="sm" label={copy('merchantDetail.reservation.loading', 'Checking availability…')} />
                ) : available.isError ? (
                  <p role="alert">{copy('merchantDetail.reservation.error.unable', ERROR_DEFAULTS.unable)}</p>
                ) : available.data.state !== 'ok' ? (
                  <p>
                    {fillTemplate(copy(`merchantDetail.reservation.state.${available.data.state}`, STATE_DEFAULTS[available.data.state]), {
                      min: available.data.minPartySize,
                      max: available.data.maxPartySize,
                    })}
                  </p>
                ) : (
                  <>
                    <p className={styles.muted}>
                      {fillTemplate(copy('merchantDetail.reservation.slotsFor', 'Tables for {party} on {day} {date}:'), {
                        party: search.partySize,
                        day: WEEKDAYS[new Date(`${search.date}T12:00:00`).getDay()] ?? '',
                        date: formatDate(search.date, true),
                      })}
                    </p>
                    <ul className={styles.slotList}>
                      {available.data.slots.map((s) => (
                        <li key={s}>
                          <button type="button" className={styles.slot} aria-pressed={slot === s} onClick={() => choose(s)}>
                            {formatTime(s)}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
            )}
            {slot && search && (
              <div className={styles.bookRow}>
                {signedIn ? (
                  <button type="button" className={styles.button} onClick={confirm} disabled={booking.isPending} ref={bookButton}>
                    {fillTemplate(copy('merchantDetail.reservation.book', 'Book {time} for {party}'), {
                      time: formatTime(slot),
                      party: search.partySize,
                    })}
                  </button>
                ) : (
                  <p>
                    <Link className={styles.button} to={signInHref} onClick={() => rememberLoginRedirect(returnPath(slot))}>
                      {copy('merchantDetail.reservation.signIn', 'Sign in to book this table')}
                    </Link>
                  </p>
                )}
              </div>
            )}
            {booking.isError && (
              <p role="alert" className={`${styles.error} ${styles.bookingError}`}>
                {copy(
                  `merchantDetail.reservation.error.${errorCode(booking.error)}`,
                  ERROR_DEFAULTS[errorCode(booking.error)] ?? ERROR_DEFAULTS.unable,
                )}
                {errorCode(booking.error) === 'unable' && slot && (
                  <>
                    {' '}
                    <button type="button" className={styles.linkButton} onClick={confirm}>
                      {copy('merchantDetail.reservation.tryAgain', 'Try again')}
                    </button>
                  </>
                )}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
