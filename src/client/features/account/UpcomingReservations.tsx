// Upcoming reservations in the account centre: the member's table bookings soonest first, each
// with an "Add to calendar" file (.ics) and Cancel, which asks first and follows the booking
// provider's rule (online until an hour before the table; then the restaurant must be called). The
// provider's refusals read like the booking errors of spec 001 §8.
import { useState } from 'react';
import type { UpcomingReservation } from '#shared/generated/types.ts';
import { fillTemplate } from '#shared/copy.ts';
import { HttpError } from '#client/api/http.ts';
import { errorBodyOf } from '#client/api/error-body.ts';
import { Link } from '#client/ui/Link.tsx';
import { Modal } from '#client/ui/Modal.tsx';
import { Spinner } from '#client/ui/Spinner.tsx';
import { useToast } from '#client/ui/toast/index.ts';
import { formStyles } from '#client/ui/form/index.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { formatDate, formatTime } from '#client/features/merchant-detail/index.ts';
import { calendarFileUrl, useCancelReservation, useUpcomingReservations } from './api/upcoming-reservations.ts';
import { isUnauthorized } from './api/unauthorized.ts';
import styles from './UpcomingReservations.module.css';

const CANCEL_ERRORS: Record<string, string> = {
  unable: "We're unable to cancel your reservation. Please try again.",
  tooClose: 'This reservation starts within the hour and can no longer be cancelled online. Please call the restaurant.',
  past: 'This reservation has already started and can no longer be cancelled.',
  notFound: 'This reservation is no longer on your list.',
};

function errorCode(error: unknown): string {
  const code = errorBodyOf(error)?.code;
  if (typeof code === 'string' && code in CANCEL_ERRORS) return code;
  return error instanceof HttpError && error.status === 404 ? 'notFound' : 'unable';
}

export function UpcomingReservations({ title }: { title?: string }) {
  const copy = useCopy();
  const toast = useToast();
  const list = useUpcomingReservations();
  const cancel = useCancelReservation();
  const [confirming, setConfirming] = useState<UpcomingReservation | null>(null);

  const when = (r: UpcomingReservation) =>
    fillTemplate(copy('account.reservations.when', '{date} at {time}'), { date: formatDate(r.date, true), time: formatTime(r.time) });
  const guests = (n: number) =>
    fillTemplate(
      copy(n === 1 ? 'merchantDetail.reservation.guest' : 'merchantDetail.reservation.guests', n === 1 ? '{n} guest' : '{n} guests'),
      {
        n,
      },
    );

  const onCancel = (reservation: UpcomingReservation) => {
    setConfirming(null);
    cancel.mutate(reservation.confirmation, {
      onSuccess: () =>
        toast.show({
          kind: 'success',
          message: fillTemplate(copy('account.reservations.cancelled', 'Your reservation at {name} on {when} is cancelled.'), {
            name: reservation.merchantName,
            when: when(reservation),
          }),
        }),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        const code = errorCode(error);
        toast.show({ kind: 'error', message: copy(`account.reservations.error.${code}`, CANCEL_ERRORS[code] ?? CANCEL_ERRORS.unable) });
      },
    });
  };

  const heading = title ?? copy('account.reservations.title', 'Upcoming reservations');
  return (
    <section className="container" aria-labelledby="upcoming-reservations-title">
      <div className={styles.card}>
        <h2 id="upcoming-reservations-title" className={styles.title}>
          {heading}
        </h2>
        {list.isPending ? (
          <Spinner size="sm" label={copy('account.reservations.loading', 'Do not refresh, loading your reservations…')} />
        ) : list.isError ? (
          <p role="alert" className={styles.empty}>
            {copy('form.serverError', 'Something went wrong. Please refresh the page and try again.')}
          </p>
        ) : list.data.reservations.length === 0 ? (
          <p className={styles.empty}>
            {copy('account.reservations.none', 'You have no upcoming reservations.')}{' '}
            <Link to="/search?reservations=true">{copy('account.reservations.find', 'Find a restaurant to book')}</Link>
          </p>
        ) : (
          <ul className={styles.list}>
            {list.data.reservations.map((r) => {
              const busy = cancel.isPending && cancel.variables === r.confirmation;
              return (
                <li key={r.confirmation} className={styles.item} aria-busy={busy || undefined}>
                  <div className={styles.text}>
                    <h3 className={styles.name}>
                      <Link to={`/merchants/${encodeURIComponent(r.merchantId)}`}>{r.merchantName}</Link>
                    </h3>
                    <p className={styles.when}>
                      {when(r)} · {guests(r.partySize)}
                    </p>
                    <p className={styles.meta}>
                      {r.address} ·{' '}
                      {fillTemplate(copy('account.reservations.confirmation', 'Confirmation {code}'), { code: r.confirmation })}
                    </p>
                    {r.cancelRefusal === 'tooClose' && (
                      <p className={styles.meta}>
                        {copy('account.reservations.callToCancel', 'Starting soon: call the restaurant to cancel.')}
                      </p>
                    )}
                  </div>
                  <div className={styles.actions}>
                    <a
                      className={`${formStyles.button} ${formStyles.secondary} ${styles.action}`}
                      href={calendarFileUrl(r.confirmation)}
                      download={`reservation-${r.confirmation}.ics`}
                      aria-label={fillTemplate(copy('account.reservations.calendarLabel', 'Add {name} on {when} to your calendar'), {
                        name: r.merchantName,
                        when: when(r),
                      })}
                    >
                      {copy('account.reservations.calendar', 'Add to calendar')}
                    </a>
                    {busy ? (
                      <span role="status" className={styles.meta}>
                        {copy('account.reservations.cancelling', 'Cancelling…')}
                      </span>
                    ) : (
                      r.cancelRefusal === null && (
                        <button
                          type="button"
                          className={`${formStyles.button} ${formStyles.secondary} ${styles.action}`}
                          disabled={cancel.isPending}
                          aria-label={fillTemplate(copy('account.reservations.cancelLabel', 'Cancel {name} on {when}'), {
                            name: r.merchantName,
                            when: when(r),
                          })}
                          onClick={() => setConfirming(r)}
                        >
                          {copy('account.reservations.cancel', 'Cancel')}
                        </button>
                      )
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {confirming && (
        <Modal
          title={copy('account.reservations.confirmTitle', 'Cancel this reservation?')}
          onClose={() => setConfirming(null)}
          describedBy="cancel-reservation-text"
        >
          <p id="cancel-reservation-text">
            {fillTemplate(copy('account.reservations.confirmText', 'Your table for {guests} at {name} on {when} will be released.'), {
              guests: guests(confirming.partySize),
              name: confirming.merchantName,
              when: when(confirming),
            })}
          </p>
          <div className={styles.modalActions}>
            <button type="button" className={`${formStyles.button} ${formStyles.secondary}`} onClick={() => setConfirming(null)}>
              {copy('account.reservations.keep', 'Keep it')}
            </button>
            <button type="button" className={formStyles.button} onClick={() => onCancel(confirming)}>
              {copy('account.reservations.confirmCancel', 'Cancel reservation')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
