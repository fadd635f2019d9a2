// The results (spec 001 §2, §9): the count ("200+" when the server stopped counting), the active
// filters as removable chips, merchant cards 15 a page with paging, loading skeletons, and the
// no-results, location-blocked and error states with a retry. An unknown place is "no results".
import { useIsClient } from '#client/lib/useIsClient.ts';
import { useEffect, useRef } from 'react';
import type { Merchant } from '#shared/generated/types.ts';
import { fillTemplate } from '#shared/copy.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { MerchantCard } from '#client/features/merchants/index.ts';
import { activeFilters, withoutAllFilters, withoutFilter } from './search-state.ts';
import { useRememberedSearch, useSearchState } from './useSearchState.ts';
import { useSearchLocation } from './location.ts';
import { isRefusedSearch, SEARCH_PAGE_SIZE, useSearchPage } from './api/search-merchants.ts';
import { updateSearchUi, useSearchUi } from './page-store.ts';
import { filterLabel } from './labels.ts';
import styles from './Search.module.css';
import { ChevronIcon } from '#client/ui/icons.tsx';

const SKELETONS = 6;

/** The search as the page runs it: shared by the results and the map (one query, one cache entry). */
export function useSearchResults() {
  const { state, query } = useSearchState();
  const needsPosition = state.location === null;
  const location = useSearchLocation(needsPosition);
  const search = useSearchPage(state, location.position, needsPosition);
  return { state, query, location, search, needsPosition };
}

function ResultCard({ merchant, highlighted }: { merchant: Merchant; highlighted: boolean }) {
  const ref = useRef<HTMLLIElement>(null);
  const { selectedId } = useSearchUi();
  const selected = selectedId === merchant.id;
  useEffect(() => {
    // A marker picked on the map brings its card into view.
    if (selected && ref.current && typeof ref.current.scrollIntoView === 'function') {
      ref.current.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }
  }, [selected]);
  return (
    <li
      ref={ref}
      className={`${styles.result} ${highlighted || selected ? styles.resultHighlighted : ''}`}
      data-merchant-id={merchant.id}
      onMouseEnter={() => updateSearchUi({ hoveredId: merchant.id })}
      onMouseLeave={() => updateSearchUi({ hoveredId: null })}
      onFocus={() => updateSearchUi({ hoveredId: merchant.id })}
      onBlur={() => updateSearchUi({ hoveredId: null })}
      onClickCapture={() => updateSearchUi({ selectedId: merchant.id })}
    >
      <MerchantCard merchant={merchant} headingLevel={2} />
    </li>
  );
}

export function SearchResults() {
  const copy = useCopy();
  useRememberedSearch();
  const { update, replace } = useSearchState();
  const { state, location, search } = useSearchResults();
  const { view, hoveredId } = useSearchUi();
  // Buttons are disabled until a server-rendered page hydrates: a click before then would be lost.
  const client = useIsClient();
  const headingRef = useRef<HTMLDivElement>(null);
  const filters = activeFilters(state);

  const refused = search.isError && isRefusedSearch(search.error);
  const data = refused ? undefined : search.data;
  const loading = !data && !search.isError;
  const merchants = data?.merchants ?? [];
  const total = data?.totalResultSize ?? 0;
  const pages = data?.totalPages ?? 0;
  const countText = data
    ? data.totalCapped
      ? fillTemplate(copy('search.results.count', '{count} restaurants'), { count: `${total}+` })
      : total === 1
        ? copy('search.results.countOne', '1 restaurant')
        : fillTemplate(copy('search.results.count', '{count} restaurants'), { count: total.toLocaleString('en-US') })
    : refused
      ? fillTemplate(copy('search.results.count', '{count} restaurants'), { count: '0' })
      : '';

  const goToPage = (pageNo: number) => {
    update({ pageNo });
    headingRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <section
      className={`${styles.results} ${view === 'map' ? styles.hiddenInMapView : ''}`}
      aria-label={copy('search.results.label', 'Search results')}
    >
      <div ref={headingRef} className={styles.resultsHeader}>
        <p className={styles.resultCount} role="status">
          {countText}
        </p>
        {filters.length > 0 && (
          <ul className={styles.activeFilters}>
            {filters.map((filter) => {
              const name = filterLabel(filter, copy);
              return (
                <li key={`${filter.kind}-${'value' in filter ? filter.value : ''}`}>
                  <button
                    type="button"
                    className={styles.activeChip}
                    onClick={() => replace(withoutFilter(state, filter))}
                    aria-label={fillTemplate(copy('search.filters.remove', 'Remove filter: {name}'), { name: name })}
                  >
                    {name}
                    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                    </svg>
                  </button>
                </li>
              );
            })}
            {filters.length > 1 && (
              <li>
                <button type="button" className={styles.clearAll} onClick={() => replace(withoutAllFilters(state))}>
                  {copy('search.filters.clearAll', 'Clear all')}
                </button>
              </li>
            )}
          </ul>
        )}
      </div>

      {state.location === null && location.blocked && (
        <p className={styles.notice} role="note">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7z" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{copy('search.locationBlocked', 'Location access is blocked in your browser.')}</span>
        </p>
      )}
      {state.location === null && !location.blocked && location.unavailable && (
        <p className={styles.notice} role="note">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7z" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 6v5M12 14v.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{copy('search.locationUnavailable', 'Your device could not tell us where you are.')}</span>
        </p>
      )}

      {loading ? (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            {copy('search.results.loading', 'Do not refresh, loading more content.')}
          </span>
          <ul className={styles.grid} aria-hidden="true">
            {Array.from({ length: SKELETONS }, (_, i) => (
              <li key={i} className={styles.skeleton}>
                <div className={styles.skeletonImage} />
                <div className={styles.skeletonLine} />
                <div className={`${styles.skeletonLine} ${styles.skeletonShort}`} />
              </li>
            ))}
          </ul>
        </div>
      ) : search.isError && !refused ? (
        <div className={styles.message} role="alert">
          <p className={styles.messageTitle}>
            {copy('search.error', 'Something went wrong while searching for restaurants. Please try again.')}
          </p>
          <button type="button" className={styles.secondaryButton} onClick={() => void search.refetch()}>
            {copy('search.retry', 'Try again')}
          </button>
        </div>
      ) : merchants.length === 0 ? (
        <div className={styles.message}>
          <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" className={styles.messageIcon}>
            <circle cx="21" cy="21" r="13" fill="none" stroke="currentColor" strokeWidth="3.5" />
            <path d="M31 31l10 10" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
            <path d="M16 21h10" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
          </svg>
          <h2 className={styles.messageTitle}>{copy('search.noResults.title', 'No restaurants match your search')}</h2>
          {/* The advice names what most likely found nothing: the typed name, the filters, or the place. */}
          {state.restaurantOrCuisine ? (
            <>
              <p>
                {fillTemplate(
                  copy(
                    'search.noResults.text.name',
                    'No restaurant or cuisine here matches "{text}". Check the spelling, or try another name.',
                  ),
                  { text: state.restaurantOrCuisine },
                )}
              </p>
              <button
                type="button"
                className={styles.secondaryButton}
                disabled={!client}
                onClick={() => update({ restaurantOrCuisine: '' })}
              >
                {copy('search.noResults.clearText', 'Show all restaurants here')}
              </button>
            </>
          ) : (
            <p>
              {filters.length > 0
                ? copy('search.noResults.text.filters', 'Remove a filter to see more restaurants here.')
                : copy('search.noResults.text', 'Try another city, state or ZIP code, or search a wider area.')}
            </p>
          )}
          {filters.length > 0 && (
            <button type="button" className={styles.secondaryButton} onClick={() => replace(withoutAllFilters(state))}>
              {copy('search.filters.clearAll', 'Clear all')}
            </button>
          )}
        </div>
      ) : (
        <>
          <ul className={`${styles.grid} ${search.isPlaceholderData ? styles.stale : ''}`}>
            {merchants.map((merchant) => (
              <ResultCard key={merchant.id} merchant={merchant} highlighted={hoveredId === merchant.id} />
            ))}
          </ul>
          {pages > 1 && (
            <nav className={styles.pagination} aria-label={copy('search.pagination.label', 'Result pages')}>
              <button type="button" className={styles.pageButton} disabled={state.pageNo <= 1} onClick={() => goToPage(state.pageNo - 1)}>
                <ChevronIcon direction="back" />
                {copy('search.pagination.previous', 'Previous page')}
              </button>
              <span className={styles.pageStatus}>
                {fillTemplate(copy('search.pagination.status', 'Page {page} of {pages}'), {
                  page: state.pageNo,
                  pages: data?.totalCapped ? `${pages}+` : pages,
                })}
              </span>
              <button
                type="button"
                className={styles.pageButton}
                disabled={merchants.length < SEARCH_PAGE_SIZE || state.pageNo >= pages}
                onClick={() => goToPage(state.pageNo + 1)}
              >
                {copy('search.pagination.next', 'Next page')}
                <ChevronIcon direction="forward" />
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
