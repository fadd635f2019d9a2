// Reviews: the rating summary with a distribution per star, then written reviews, paged.
import { fillTemplate } from '#shared/copy.ts';
import { useState } from 'react';
import { useCopy } from '#client/runtime/index.tsx';
import { formatRating } from '#client/features/merchants/index.ts';
import { useMerchantDetail } from './api/merchant-detail.ts';
import { useMerchantReviews } from './api/merchant-reviews.ts';
import { useMerchantId } from './useMerchantId.ts';
import { useIsClient } from '#client/lib/useIsClient.ts';
import { formatDate } from './format.ts';
import { Star } from './MerchantHeader.tsx';
import styles from './MerchantDetail.module.css';

export function MerchantReviews({ title }: { title?: string }) {
  const merchantId = useMerchantId();
  const { data } = useMerchantDetail(merchantId);
  if (!data) return null;
  return <Reviews merchantId={merchantId} first={data.reviews} title={title} />;
}

function Reviews({
  merchantId,
  first,
  title,
}: {
  merchantId: string;
  first: NonNullable<ReturnType<typeof useMerchantDetail>['data']>['reviews'];
  title?: string;
}) {
  const copy = useCopy();
  // The bars' widths are style, which the CSP refuses in server HTML and hydration does not set:
  // set once hydrated (through the DOM, which the CSP allows), bare tracks until then.
  const client = useIsClient();
  const [pageNo, setPageNo] = useState(1);
  const query = useMerchantReviews(merchantId, pageNo, first);
  const page = query.data ?? first;
  const max = Math.max(1, ...first.distribution.map((d) => d.count));
  return (
    <section className={`container ${styles.section}`} aria-labelledby="merchant-reviews">
      <h2 id="merchant-reviews" className={styles.sectionTitle}>
        {title ?? copy('merchantDetail.reviews.title', 'Reviews')}
      </h2>
      {first.numberOfRatings === 0 ? (
        <p className={styles.muted}>{copy('merchantCard.noRatings', 'No ratings yet')}</p>
      ) : (
        <div className={styles.reviewsGrid}>
          <div className={styles.summary}>
            <p className={styles.bigRating}>
              {formatRating(first.overallRating)}
              <span className={styles.muted}> / 5</span>
            </p>
            <p className={styles.muted}>
              {fillTemplate(copy('merchantDetail.reviews.count', '{count} ratings'), {
                count: first.numberOfRatings.toLocaleString('en-US'),
              })}
            </p>
            <table className={styles.distribution}>
              <caption className="visually-hidden">{copy('merchantDetail.reviews.distribution', 'Ratings by stars')}</caption>
              <tbody>
                {first.distribution.map((d) => (
                  <tr key={d.stars}>
                    <th scope="row">
                      {d.stars} <Star />
                    </th>
                    <td className={styles.barCell}>
                      <span className={styles.barTrack}>
                        <span
                          className={styles.bar}
                          style={client ? { width: d.count > 0 ? `max(4px, ${(d.count / max) * 100}%)` : 0 } : undefined}
                        />
                      </span>
                    </td>
                    <td className={styles.barCount}>{d.count.toLocaleString('en-US')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            {page.data.length === 0 ? (
              <p className={styles.muted}>{copy('merchantDetail.reviews.none', 'No written reviews yet.')}</p>
            ) : (
              <ul className={styles.reviews} aria-busy={query.isFetching && query.isPlaceholderData}>
                {page.data.map((review) => (
                  <li key={review.id} className={styles.review}>
                    <p className={styles.reviewHead}>
                      <strong>{review.author}</strong>
                      <span
                        className={styles.stars}
                        aria-label={fillTemplate(copy('merchantDetail.reviews.stars', '{rating} out of 5 stars'), {
                          rating: review.rating,
                        })}
                        role="img"
                      >
                        {'★'.repeat(review.rating)}
                        <span className={styles.starsOff}>{'★'.repeat(5 - review.rating)}</span>
                      </span>
                      <time className={styles.muted} dateTime={review.date}>
                        {formatDate(review.date, true)}
                      </time>
                    </p>
                    <p>{review.text}</p>
                  </li>
                ))}
              </ul>
            )}
            {page.totalPages > 1 && (
              <nav className={styles.pager} aria-label={copy('merchantDetail.reviews.pages', 'Review pages')}>
                <button type="button" className={styles.pagerButton} disabled={pageNo <= 1} onClick={() => setPageNo((n) => n - 1)}>
                  {copy('pagination.previous', 'Previous')}
                </button>
                <span>{fillTemplate(copy('pagination.pageOf', 'Page {page} of {pages}'), { page: pageNo, pages: page.totalPages })}</span>
                <button
                  type="button"
                  className={styles.pagerButton}
                  disabled={pageNo >= page.totalPages}
                  onClick={() => setPageNo((n) => n + 1)}
                >
                  {copy('pagination.next', 'Next')}
                </button>
              </nav>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
