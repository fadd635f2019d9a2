// Filters and sort (spec 001 §2 "Search page"): suggested filters (only those the partner's flags
// turn on), price 1-4, features, meals and sort. Every choice goes straight into the URL. Wide
// screens show a toolbar (groups open as small panels); small screens a "Filter and sort" button
// opening the same groups in a dialog.
import { useIsClient } from '#client/lib/useIsClient.ts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SEARCH_FEATURES, SEARCH_MEALS, SEARCH_SORTS, PRICE_LEVELS, suggestedFiltersFor } from '#shared/search-filters.ts';
import type { SuggestedFilter } from '#shared/search-filters.ts';
import { useCopy, usePartner } from '#client/runtime/index.tsx';
import { Modal } from '#client/ui/Modal.tsx';
import { useMediaQuery, BREAKPOINTS } from '#client/lib/useMediaQuery.ts';
import { activeFilters, type SearchState } from './search-state.ts';
import { useSearchState } from './useSearchState.ts';
import { useSearchUi } from './page-store.ts';
import { SUGGESTED_DEFAULTS, FEATURE_DEFAULTS, MEAL_DEFAULTS, SORT_DEFAULTS, priceLabel } from './labels.ts';
import styles from './Search.module.css';
import { CheckIcon } from '#client/ui/icons.tsx';

type Copy = (key: string, fallback?: string) => string;

function isOn(state: SearchState, filter: SuggestedFilter): boolean {
  return filter === 'benefitsFor' ? state.benefitsFor !== null : state[filter];
}

function toggleSuggested(state: SearchState, filter: SuggestedFilter): Partial<SearchState> {
  if (filter === 'benefitsFor') return { benefitsFor: state.benefitsFor ? null : 'members' };
  return { [filter]: !state[filter] };
}

function toggled<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  // Disabled until a server-rendered page hydrates: a click before then would be lost.
  const client = useIsClient();
  return (
    <button type="button" className={styles.chip} aria-pressed={pressed} disabled={!client} onClick={onClick}>
      {pressed && <CheckIcon size={14} />}
      {children}
    </button>
  );
}

function Checks<T extends string | number>({
  legend,
  values,
  selected,
  label,
  onToggle,
}: {
  legend: string;
  values: readonly T[];
  selected: readonly T[];
  label: (value: T) => string;
  onToggle: (value: T) => void;
}) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupLegend}>{legend}</legend>
      <div className={styles.chips}>
        {values.map((value) => (
          <Chip key={value} pressed={selected.includes(value)} onClick={() => onToggle(value)}>
            {label(value)}
          </Chip>
        ))}
      </div>
    </fieldset>
  );
}

function SortSelect({
  state,
  update,
  copy,
  id,
}: {
  state: SearchState;
  update: (c: Partial<SearchState>) => void;
  copy: Copy;
  id: string;
}) {
  return (
    <div className={styles.sort}>
      <label htmlFor={id} className={styles.sortLabel}>
        {copy('search.sort.label', 'Sort by')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={state.sortBy ?? 'distance'}
        onChange={(event) => update({ sortBy: event.target.value as SearchState['sortBy'] })}
      >
        {SEARCH_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {copy(`search.sort.${sort}`, SORT_DEFAULTS[sort])}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A toolbar group that opens a small panel under its button; closes on Escape or a click outside. */
function Dropdown({ label, count, children }: { label: string; count: number; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details ref={ref} className={styles.dropdown}>
      <summary className={`${styles.chip} ${count > 0 ? styles.chipActive : ''}`}>
        {label}
        {count > 0 && <span className={styles.count}>{count}</span>}
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className={styles.dropdownPanel}>{children}</div>
    </details>
  );
}

export function SearchFilters() {
  const copy = useCopy();
  const partner = usePartner();
  const { state, update } = useSearchState();
  const { view } = useSearchUi();
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`);
  const client = useIsClient();
  const [open, setOpen] = useState(false);
  const suggested = suggestedFiltersFor(partner.config);
  const activeCount = activeFilters(state).length + (state.sortBy && state.sortBy !== 'distance' ? 1 : 0);

  const suggestedGroup = (
    <fieldset className={styles.group}>
      <legend className={styles.groupLegend}>{copy('search.filters.suggested', 'Suggested')}</legend>
      <div className={styles.chips}>
        {suggested.map((filter) => (
          <Chip key={filter} pressed={isOn(state, filter)} onClick={() => update(toggleSuggested(state, filter))}>
            {copy(`search.filters.${filter}`, SUGGESTED_DEFAULTS[filter])}
          </Chip>
        ))}
      </div>
    </fieldset>
  );
  const price = (
    <Checks
      legend={copy('search.filters.price', 'Price')}
      values={PRICE_LEVELS}
      selected={state.priceRange}
      label={priceLabel}
      onToggle={(level) => update({ priceRange: toggled(state.priceRange, level).sort((a, b) => a - b) })}
    />
  );
  const features = (
    <Checks
      legend={copy('search.filters.features', 'Features')}
      values={SEARCH_FEATURES}
      selected={state.features}
      label={(f) => copy(`search.filters.${f}`, FEATURE_DEFAULTS[f])}
      onToggle={(f) => update({ features: toggled(state.features, f) })}
    />
  );
  const meals = (
    <Checks
      legend={copy('search.filters.meals', 'Meals')}
      values={SEARCH_MEALS}
      selected={state.mealsServed}
      label={(m) => copy(`search.filters.${m}`, MEAL_DEFAULTS[m])}
      onToggle={(m) => update({ mealsServed: toggled(state.mealsServed, m) })}
    />
  );

  if (wide) {
    return (
      <section className={styles.toolbar} aria-label={copy('search.filters.label', 'Filters')}>
        <div className={styles.chips}>
          {suggested.map((filter) => (
            <Chip key={filter} pressed={isOn(state, filter)} onClick={() => update(toggleSuggested(state, filter))}>
              {copy(`search.filters.${filter}`, SUGGESTED_DEFAULTS[filter])}
            </Chip>
          ))}
          <span className={styles.divider} aria-hidden="true" />
          <Dropdown label={copy('search.filters.price', 'Price')} count={state.priceRange.length}>
            {price}
          </Dropdown>
          <Dropdown label={copy('search.filters.features', 'Features')} count={state.features.length}>
            {features}
          </Dropdown>
          <Dropdown label={copy('search.filters.meals', 'Meals')} count={state.mealsServed.length}>
            {meals}
          </Dropdown>
        </div>
        <SortSelect state={state} update={update} copy={copy} id="search-sort" />
      </section>
    );
  }

  return (
    <div className={`${styles.filterBar} ${view === 'map' ? styles.hiddenInMapView : ''}`}>
      <button type="button" className={styles.filterButton} disabled={!client} onClick={() => setOpen(true)} aria-haspopup="dialog">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M4 7h10M18 7h2M4 17h4M12 17h8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="16" cy="7" r="2.2" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="10" cy="17" r="2.2" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {copy('search.filterAndSort', 'Filter and sort')}
        {activeCount > 0 && <span className={styles.count}>{activeCount}</span>}
      </button>
      {open && (
        <Modal title={copy('search.filterAndSort', 'Filter and sort')} onClose={() => setOpen(false)} className={styles.filterDialog}>
          <div className={styles.dialogBody}>
            <SortSelect state={state} update={update} copy={copy} id="search-sort-dialog" />
            {suggested.length > 0 && suggestedGroup}
            {price}
            {features}
            {meals}
          </div>
          <button type="button" className={styles.submit} onClick={() => setOpen(false)}>
            {copy('search.filters.showResults', 'Show results')}
          </button>
        </Modal>
      )}
    </div>
  );
}
