// Upcoming events at the merchant, with the events legal link; nothing when there are none.
import { CopyText } from '#client/ui/CopyText.tsx';
import { useCopy } from '#client/runtime/index.tsx';
import { useMerchantDetail } from './api/merchant-detail.ts';
import { useMerchantId } from './useMerchantId.ts';
import { formatDate, formatTime } from './format.ts';
import styles from './MerchantDetail.module.css';

export function MerchantEvents({ title }: { title?: string }) {
  const { data } = useMerchantDetail(useMerchantId());
  const copy = useCopy();
  if (!data || data.events.length === 0) return null;
  return (
    <section className={`container ${styles.section}`} aria-labelledby="merchant-events">
      <h2 id="merchant-events" className={styles.sectionTitle}>
        {title ?? copy('merchantDetail.events.title', 'Upcoming events')}
      </h2>
      <ul className={styles.events}>
        {data.events.map((event) => (
          <li key={event.id} className={styles.event}>
            <p className={styles.eventDate}>
              <time dateTime={`${event.date}T${event.time}`}>
                {formatDate(event.date)} · {formatTime(event.time)}
              </time>
            </p>
            <h3 className={styles.eventTitle}>{event.title}</h3>
            <p>{event.description}</p>
          </li>
        ))}
      </ul>
      <p className={styles.legal}>
        <CopyText text={copy('merchantDetail.events.legal', 'Events are run by the restaurant. [Event terms](link:eventsLegal).')} />
      </p>
    </section>
  );
}
