// The search form (spec 001 §2 "Search page"): a location field with the spec's hint and a
// "Current location" choice, and a restaurant-or-cuisine field. Submitting (button or Enter)
// writes both into the URL; picking "Current location" is the one moment the device is asked.
import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useCopy } from '#client/runtime/index.tsx';
import { STORAGE_KEYS, writeString } from '#client/lib/storage.ts';
import { isCurrentLocationValue, parseCoordinates, type SearchState } from './search-state.ts';
import { useSearchState } from './useSearchState.ts';
import { askForCurrentLocation, useSearchLocation } from './location.ts';
import { fillTemplate } from '#shared/copy.ts';
import type { LocationDecision } from '#client/features/location/index.ts';
import { useSearchUi } from './page-store.ts';
import styles from './Search.module.css';

/**
 * What the location field says. With no place typed the search is around the visitor's position
 * as decided (search/location.ts): "Near you" when the device answered, "Near Times Square
 * (default)" when it did not and the default location stands in, "Finding your location…" before.
 */
function placeText(state: SearchState, copy: (key: string, fallback?: string) => string, position: LocationDecision | null): string {
  if (state.location === null) {
    if (position === null) return copy('search.location.finding', 'Finding your location…');
    if (position.source === 'browser') return copy('search.location.nearYou', 'Near you');
    return fillTemplate(copy('search.location.nearDefault', 'Near {place} (default)'), {
      place: position.name ?? copy('search.location.defaultName', 'the default location'),
    });
  }
  if (parseCoordinates(state.location) && state.distance !== null) return copy('search.location.mapArea', 'Map area');
  return state.location;
}

export function SearchForm() {
  const copy = useCopy();
  const { state, update } = useSearchState();
  const { view } = useSearchUi();
  const { position } = useSearchLocation(state.location === null);
  const shownPlace = placeText(state, copy, position);
  const [place, setPlace] = useState(shownPlace);
  const [text, setText] = useState(state.restaurantOrCuisine);

  // Back and forward change the URL under the form: show what is searched.
  useEffect(() => setPlace(shownPlace), [shownPlace]);
  useEffect(() => setText(state.restaurantOrCuisine), [state.restaurantOrCuisine]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = place.trim();
    const restaurantOrCuisine = text.trim();
    if (typed === shownPlace) {
      // The place is unchanged (also "Map area"): keep its exact value and radius.
      update({ restaurantOrCuisine });
      return;
    }
    if (isCurrentLocationValue(typed) || typed.toLowerCase() === copy('search.location.current', 'Current location').toLowerCase()) {
      // An emptied field searches near the visitor too, but only a named "current location" asks the device.
      if (typed !== '') askForCurrentLocation();
      update({ location: null, restaurantOrCuisine });
      return;
    }
    writeString(STORAGE_KEYS.manualSearchLocation, typed);
    update({ location: typed, restaurantOrCuisine });
  };

  const useCurrent = () => {
    setPlace(shownPlace);
    askForCurrentLocation();
    update({ location: null, restaurantOrCuisine: text.trim() });
  };

  return (
    <form className={`${styles.form} ${view === 'map' ? styles.hiddenInMapView : ''}`} role="search" onSubmit={submit}>
      <SearchField
        label={copy('search.location.label', 'Location')}
        icon="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
        type="text"
        name="location"
        maxLength={200}
        value={place}
        placeholder={copy('search.location.hint', 'Enter city, state or ZIP code')}
        onChange={(event) => setPlace(event.target.value)}
        onFocus={(event) => {
          // "Current location" and "Map area" are labels, not text to edit: typing replaces them.
          if (place === shownPlace && (state.location === null || place !== state.location)) event.target.select();
        }}
      >
        <button type="button" className={styles.currentLocation} onClick={useCurrent} aria-pressed={state.location === null}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <circle cx="12" cy="12" r="3.5" fill="currentColor" />
            <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            <circle cx="12" cy="12" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {copy('search.location.current', 'Current location')}
        </button>
      </SearchField>
      <SearchField
        label={copy('search.restaurantOrCuisine.label', 'Restaurant or cuisine')}
        icon="M10.5 3a7.5 7.5 0 0 1 5.96 12.05l4.25 4.24-1.42 1.42-4.24-4.25A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z"
        type="search"
        name="restaurantOrCuisine"
        maxLength={100}
        value={text}
        placeholder={copy('search.restaurantOrCuisine.hint', 'Restaurant name or cuisine')}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={styles.submit}>
        {copy('search.submit', 'Search')}
      </button>
    </form>
  );
}

type SearchFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; icon: string; children?: ReactNode };

/** A labelled text field with an icon inside, and what follows it in the same field (a button). */
function SearchField({ label, icon, children, ...input }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputWrap}>
        <svg className={styles.inputIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d={icon} fill="currentColor" />
        </svg>
        <input id={id} className={styles.input} autoComplete="off" enterKeyHint="search" {...input} />
      </div>
      {children}
    </div>
  );
}
