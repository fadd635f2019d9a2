// The detail page's header (spec 001 §2 "Merchant detail"): hero image, the name as the page's h1,
// rating, price, cuisines, address with a small map, phone, website and opening hours. It also owns
// the page's fate: the document title is the merchant's name, and an unknown id shows Not Found.
import { fillTemplate } from '#shared/copy.ts';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link } from '#client/ui/Link.tsx';
import type { MerchantDetail } from '#shared/generated/types.ts';
import { useCopy, usePartner } from '#client/runtime/index.tsx';
import { useDocumentTitle } from '#client/ui/useDocumentTitle.ts';
import { Spinner } from '#client/ui/Spinner.tsx';
import { clampPrice, placeOf, showsAcclaimed, RatingAndPrice } from '#client/features/merchants/index.ts';
import { isNotFound, useMerchantDetail } from './api/merchant-detail.ts';
import { useMerchantId } from './useMerchantId.ts';
import { merchantFacts } from './head.ts';
import { formatPhone, hostOf, weekHours } from './format.ts';
import { ResponsiveImage } from '#client/ui/ResponsiveImage.tsx';
import { useIsClient } from '#client/lib/useIsClient.ts';
import styles from './MerchantDetail.module.css';

const MerchantMap = lazy(() => import('./MerchantMap.tsx'));

export function MerchantHeader() {
  const merchantId = useMerchantId();
  const query = useMerchantDetail(merchantId);
  const copy = useCopy();
  const setTitle = useDocumentTitle();
  const notFound = query.isError && isNotFound(query.error);
  const facts = useMemo(() => (query.data ? merchantFacts(query.data) : null), [query.data]);
  useEffect(() => {
    if (facts) setTitle(facts.name, facts);
    else if (notFound) setTitle(copy('notFound.title', 'Page not found'), null);
  }, [facts, notFound, setTitle, copy]);

  if (query.data) return <Header detail={query.data} />;
  if (notFound) {
    return (
      <section className={styles.notFound}>
        <h1>{copy('notFound.title', 'Page not found')}</h1>
        <p>{copy('merchantDetail.notFound', 'We could not find this restaurant. It may have left the program.')}</p>
        <Link className={styles.button} to="/search">
          {copy('merchantDetail.searchLink', 'Find restaurants')}
        </Link>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className={styles.notFound} role="alert">
        <h1>{copy('merchantDetail.loadFailed', 'We could not load this restaurant.')}</h1>
        <p>{copy('error.text', 'Something went wrong. Please refresh the page and try again.')}</p>
      </section>
    );
  }
  return (
    <div className={styles.loading}>
      <Spinner label={copy('merchantDetail.loading', 'Loading restaurant')} />
    </div>
  );
}

/**
 * The map's box while its code loads: the map's area and its one-line attribution, as MerchantMap
 * lays them out, so the address and hours below it stay where they are when the map arrives.
 */
function MapPlaceholder() {
  return (
    <div className={styles.mapFigure} aria-hidden="true">
      <div className={styles.map} />
      <div className={styles.attribution}>{'\u00a0'}</div>
    </div>
  );
}

function Header({ detail }: { detail: MerchantDetail }) {
  const copy = useCopy();
  const { config } = usePartner();
  const { merchant } = detail;
  const rating = merchant.details.rating;
  const price = clampPrice(merchant.details.priceRange);
  const address = merchant.location.address;
  const street = [address.address1, [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(', ');
  // The map (Leaflet reads window) and today's row (the visitor's clock, not the server's) are the
  // browser's: a page rendered on the server has the map's sized box and no day marked until hydrated.
  const client = useIsClient();
  const today = client ? new Date().getDay() : null;
  const acclaimed = showsAcclaimed(merchant, config);
  return (
    <header className={styles.header}>
      <div className={styles.hero}>
        {detail.images.hero ? (
          <ResponsiveImage image={detail.images.hero} className={styles.heroImage} sizes="100vw" width={1200} height={900} />
        ) : (
          <div className={styles.heroFallback} aria-hidden="true">
            <img src={detail.images.logo} alt="" width={120} height={120} />
          </div>
        )}
      </div>
      <div className={`container ${styles.headerBody}`}>
        <div className={styles.titleCard}>
          {acclaimed && <span className={styles.badge}>{copy('merchantCard.acclaimed', 'Acclaimed')}</span>}
          <h1 className={styles.name}>{merchant.name}</h1>
          <p className={styles.facts}>
            <RatingAndPrice
              rating={rating}
              price={price}
              star={<Star />}
              classes={{ rating: styles.rating, count: styles.muted, priceOn: styles.priceOn, priceOff: styles.priceOff }}
            />
            {merchant.details.cuisines.length > 0 && <span>{merchant.details.cuisines.join('/')}</span>}
            <span>{placeOf(merchant)}</span>
          </p>
          {detail.description && <p className={styles.description}>{detail.description}</p>}
        </div>
        <aside className={styles.infoCard} aria-label={copy('merchantDetail.infoLabel', 'Location and hours')}>
          {client ? (
            <Suspense fallback={<MapPlaceholder />}>
              <MerchantMap
                latitude={merchant.location.latitude}
                longitude={merchant.location.longitude}
                label={fillTemplate(copy('merchantDetail.mapLabel', 'Map of {name} at {address}'), {
                  name: merchant.name,
                  address: street,
                })}
                {...(config.map ? { tileUrl: config.map.tileUrl, attribution: config.map.attribution } : {})}
              />
            </Suspense>
          ) : (
            <MapPlaceholder />
          )}
          <dl className={styles.infoList}>
            <div>
              <dt>{copy('merchantDetail.address', 'Address')}</dt>
              <dd>
                <a href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(street)}`} target="_blank" rel="noreferrer">
                  {street}
                </a>
              </dd>
            </div>
            {detail.phone && (
              <div>
                <dt>{copy('merchantDetail.phone', 'Phone')}</dt>
                <dd>
                  <a href={`tel:+1${detail.phone}`}>{formatPhone(detail.phone)}</a>
                </dd>
              </div>
            )}
            {detail.website && (
              <div>
                <dt>{copy('merchantDetail.website', 'Website')}</dt>
                <dd>
                  <a href={detail.website} target="_blank" rel="noreferrer">
                    {hostOf(detail.website)}
                  </a>
                </dd>
              </div>
            )}
            <div>
              <dt>{copy('merchantDetail.hours', 'Hours')}</dt>
              <dd>
                {detail.hours ? (
                  <table className={styles.hours}>
                    <tbody>
                      {weekHours(detail.hours).map((row) => (
                        <tr
                          key={row.day}
                          className={row.day === today ? styles.today : undefined}
                          aria-current={row.day === today ? 'date' : undefined}
                        >
                          <th scope="row">{row.label}</th>
                          <td>{row.times ?? copy('merchantDetail.closed', 'Closed')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : (
                  <span className={styles.muted}>{copy('merchantDetail.hoursUnknown', 'Call ahead for opening hours')}</span>
                )}
              </dd>
            </div>
          </dl>
        </aside>
      </div>
    </header>
  );
}

export function Star() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className={styles.star}>
      <path d="M12 2l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 16.9 6.1 20l1.2-6.5L2.5 8.9 9.1 8z" fill="currentColor" />
    </svg>
  );
}
