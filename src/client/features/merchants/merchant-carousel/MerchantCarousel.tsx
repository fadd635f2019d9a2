// A row of merchant cards (spec 001 §2 "Merchant carousel"): headline, body, View all link to the
// same search, and slides with previous/next buttons disabled at the ends. When the search uses the
// current location it waits for the location decision first (low accuracy, spec 001 §9).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from '#client/ui/Link.tsx';
import { useQuery } from '@tanstack/react-query';
import type { Merchant, MerchantCarouselProps } from '#shared/generated/types.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { CopyText } from '#client/ui/CopyText.tsx';
import { MerchantCard } from '../merchant-card/MerchantCard.tsx';
import { lowAccuracyLocationQuery } from '#client/features/location/index.ts';
import { merchantSearchQuery, usesCurrentLocation } from '../api/merchant-search.ts';
import styles from './MerchantCarousel.module.css';
import { ChevronIcon } from '#client/ui/icons.tsx';

/** Spec 001 §9: a slide counts as in view when 80 % of it shows. */
export const IN_VIEW_THRESHOLD = 0.8;
const SKELETON_SLIDES = 6;
const NO_MERCHANTS: readonly Merchant[] = [];

export interface MerchantCarouselViewProps extends MerchantCarouselProps {
  /** Inside another block (a CMS banner): no page container, a smaller heading. */
  embedded?: boolean;
}

export function MerchantCarousel({ headline, body, query, viewAllText, embedded = false }: MerchantCarouselViewProps) {
  const copy = useCopy();
  const headingId = useId();
  const needsLocation = usesCurrentLocation(query);
  const location = useQuery({ ...lowAccuracyLocationQuery, enabled: needsLocation });
  const locationDecided = !needsLocation || location.data !== undefined;
  const search = useQuery({
    ...merchantSearchQuery(query, needsLocation ? (location.data ?? null) : null),
    enabled: locationDecided,
  });
  const merchants = search.data?.merchants ?? NO_MERCHANTS;
  const loading = !locationDecided || search.isPending;

  const trackRef = useRef<HTMLUListElement>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  // Ends are known from the first and last slides' visibility; a button about to be disabled hands
  // keyboard focus to its partner so focus never drops to the page.
  const update = useCallback((edge: 'start' | 'end', inView: boolean) => {
    if (inView) {
      const active = typeof document !== 'undefined' ? document.activeElement : null;
      if (edge === 'start' && active === prevRef.current) nextRef.current?.focus();
      if (edge === 'end' && active === nextRef.current) prevRef.current?.focus();
    }
    (edge === 'start' ? setAtStart : setAtEnd)(inView);
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    const first = track?.firstElementChild;
    const last = track?.lastElementChild;
    if (!track || !first || !last) return;
    if (typeof IntersectionObserver === 'undefined') {
      const onScroll = () => {
        update('start', track.scrollLeft <= 1);
        update('end', track.scrollLeft + track.clientWidth >= track.scrollWidth - 1);
      };
      onScroll();
      track.addEventListener('scroll', onScroll, { passive: true });
      return () => track.removeEventListener('scroll', onScroll);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const inView = entry.isIntersecting && entry.intersectionRatio >= IN_VIEW_THRESHOLD - 0.001;
          if (entry.target === first) update('start', inView);
          if (entry.target === last) update('end', inView);
        }
      },
      { root: track, threshold: IN_VIEW_THRESHOLD },
    );
    observer.observe(first);
    if (last !== first) observer.observe(last);
    return () => observer.disconnect();
  }, [merchants, update]);

  const scrollPage = (direction: -1 | 1) => {
    const track = trackRef.current;
    if (!track) return;
    const slide = track.firstElementChild as HTMLElement | null;
    const gap = parseFloat(getComputedStyle(track).columnGap) || 0;
    const step = (slide?.getBoundingClientRect().width || 200) + gap;
    const perPage = Math.max(1, Math.floor((track.clientWidth + gap) / step));
    const reduceMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    track.scrollBy({ left: direction * perPage * step, behavior: reduceMotion ? 'auto' : 'smooth' });
  };

  const hasSlides = !loading && !search.isError && merchants.length > 0;
  const fitsWithoutScrolling = hasSlides && atStart && atEnd;
  const viewAllHref = query ? `/search?${query}` : '/search';
  const HeadingTag = embedded ? 'h3' : 'h2';

  const content = (
    <>
      <div className={styles.header}>
        <div className={styles.intro}>
          <HeadingTag id={headingId} className={styles.headline}>
            {headline}
          </HeadingTag>
          {body && (
            <p className={styles.body}>
              <CopyText text={body} />
            </p>
          )}
        </div>
        <div className={styles.actions}>
          <Link to={viewAllHref} className={styles.viewAll}>
            {viewAllText ?? copy('merchantCarousel.viewAll', 'View all')}
            <span className="visually-hidden">: {headline}</span>
            <ChevronIcon direction="forward" size={16} />
          </Link>
          {/* Shown (disabled) while the slides load too: a row of slides rarely fits without
              scrolling, and buttons arriving with the slides would push the heading row onto a
              second line on phones, moving everything below (a layout shift). */}
          {(loading || (hasSlides && !fitsWithoutScrolling)) && (
            <div className={styles.nav}>
              <button
                ref={prevRef}
                type="button"
                className={styles.navButton}
                onClick={() => scrollPage(-1)}
                disabled={loading || atStart}
                aria-label={copy('merchantCarousel.previous', 'Previous')}
              >
                <ChevronIcon direction="back" size={20} />
              </button>
              <button
                ref={nextRef}
                type="button"
                className={styles.navButton}
                onClick={() => scrollPage(1)}
                disabled={loading || atEnd}
                aria-label={copy('merchantCarousel.next', 'Next')}
              >
                <ChevronIcon direction="forward" size={20} />
              </button>
            </div>
          )}
        </div>
      </div>

      {loading ? (
        <div className={styles.viewport} aria-busy="true">
          <span className="visually-hidden" role="status">
            {copy('merchantCarousel.loading', 'Do not refresh, loading more content.')}
          </span>
          <ul className={styles.track} aria-hidden="true">
            {Array.from({ length: SKELETON_SLIDES }, (_, i) => (
              <li key={i} className={styles.slide}>
                <div className={styles.skeleton}>
                  <div className={styles.skeletonImage} />
                  <div className={styles.skeletonLine} />
                  <div className={`${styles.skeletonLine} ${styles.skeletonShort}`} />
                  <div className={`${styles.skeletonLine} ${styles.skeletonShorter}`} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : search.isError ? (
        <div className={styles.message} role="alert">
          <p>{copy('merchantCarousel.error', "We couldn't load these restaurants. Please try again.")}</p>
          <button type="button" className={styles.retry} onClick={() => void search.refetch()}>
            {copy('merchantCarousel.retry', 'Try again')}
          </button>
        </div>
      ) : merchants.length === 0 ? (
        <div className={styles.message}>
          <p>{copy('merchantCarousel.empty', 'No restaurants to show here right now.')}</p>
          <Link to="/search" className={styles.retry}>
            {copy('merchantCarousel.searchAll', 'Search all restaurants')}
          </Link>
        </div>
      ) : (
        <div className={styles.viewport}>
          <ul ref={trackRef} className={styles.track} aria-labelledby={headingId}>
            {merchants.map((merchant) => (
              <li key={merchant.id} className={styles.slide}>
                <MerchantCard merchant={merchant} headingLevel={embedded ? 4 : 3} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );

  if (embedded) {
    return (
      <div className={`${styles.carousel} ${styles.embedded}`} role="region" aria-labelledby={headingId} aria-roledescription="carousel">
        {content}
      </div>
    );
  }
  return (
    <section className={styles.carousel} aria-labelledby={headingId} aria-roledescription="carousel">
      <div className="container">{content}</div>
    </section>
  );
}
