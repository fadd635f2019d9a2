// The map block's frame: beside the results on wide screens; on small screens a "Show map" button
// in list mode and the map with "Change search" in map mode (spec 001 §2). Leaflet itself loads
// only when a map is shown (its own chunk).
import { useIsClient } from '#client/lib/useIsClient.ts';
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { fillTemplate } from '#shared/copy.ts';
import { useCopy } from '#client/runtime/index.tsx';
import { BREAKPOINTS, useMediaQuery } from '#client/lib/useMediaQuery.ts';
import { MerchantCard } from '#client/features/merchants/index.ts';
import { useSearchState } from './useSearchState.ts';
import { useSearchResults } from './SearchResults.tsx';
import { isRefusedSearch } from './api/search-merchants.ts';
import { updateSearchUi, useSearchUi } from './page-store.ts';
import styles from './Search.module.css';

const SearchMap = lazy(() => import('./SearchMap.tsx'));

function MapIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M9 4L3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ListIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.25 4.24-1.42 1.42-4.24-4.25A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z"
        fill="currentColor"
      />
    </svg>
  );
}

export function SearchMapPanel() {
  const copy = useCopy();
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`);
  const client = useIsClient();
  const { view, selectedId, mapCardOpen } = useSearchUi();
  const { update } = useSearchState();
  const { search, query } = useSearchResults();
  const data = search.isError && isRefusedSearch(search.error) ? undefined : search.data;
  // The phone map runs from its top to the bottom of the screen, whatever sits above it (the header,
  // an announcement), so what is anchored to its bottom (card, attribution) meets the floating button.
  const fullScreen = useRef<HTMLDivElement>(null);
  const mapMode = !wide && view === 'map';
  useLayoutEffect(() => {
    const el = fullScreen.current;
    if (!mapMode || !el) return;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      el.style.height = `${Math.max(380, window.innerHeight - top)}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [mapMode]);

  if (!wide && view === 'list') {
    return (
      <button
        type="button"
        className={styles.toggle}
        // Disabled until a server-rendered page hydrates: a click before then would be lost.
        disabled={!client}
        onClick={() => {
          updateSearchUi({ view: 'map' });
          window.scrollTo({ top: 0 });
        }}
      >
        <MapIcon />
        {copy('search.showMap', 'Show map')}
      </button>
    );
  }

  const selected = !wide && mapCardOpen ? data?.merchants.find((m) => m.id === selectedId) : undefined;
  return (
    <div className={wide ? styles.mapAside : styles.mapFull} ref={fullScreen}>
      <Suspense fallback={<div className={styles.mapLoading} />}>
        <SearchMap
          merchants={data?.merchants ?? []}
          query={search.isPlaceholderData || !data ? null : query}
          origin={data?.origin ?? null}
          onSearchArea={(area) => update(area)}
        />
      </Suspense>
      {selected && (
        <div className={styles.mapCard}>
          <MerchantCard merchant={selected} headingLevel={2} />
          <button
            type="button"
            className={styles.cardCloseButton}
            aria-label={fillTemplate(copy('search.map.closeCard', 'Close {name}'), { name: selected.name })}
            onClick={() => updateSearchUi({ mapCardOpen: false })}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
      {!wide && (
        <button
          type="button"
          className={styles.toggle}
          onClick={() => {
            updateSearchUi({ view: 'list', mapCardOpen: false });
            window.scrollTo({ top: 0 });
          }}
        >
          <ListIcon />
          {copy('search.changeSearch', 'Change search')}
        </button>
      )}
    </div>
  );
}
