// Which restaurants a restaurant row shows, chosen with the search page's own choices: the restaurant
// or cuisine text, the suggested filters this partner offers, price, features, meals and sort. The
// choices, their member-facing words and the query string they make are the search feature's own
// (#shared/search-filters.ts, the search page's labels and URL state), so a row shows exactly what
// its "View all" search shows. "Edit as text" shows the query string itself for what the choices do
// not cover (a place, a radius, a campaign code); both edit the same value.
import { useId, useState, type ReactNode } from 'react';
import {
  PRICE_LEVELS,
  SEARCH_FEATURES,
  SEARCH_MEALS,
  SEARCH_SORTS,
  suggestedFiltersFor,
  type SuggestedFilter,
} from '#shared/search-filters.ts';
// The pure URL-state and wording modules of the search feature, not its index (which would pull the
// member page's widgets and styles into the editor's build).
import { parseSearchState, searchQueryString, type SearchState } from '#client/features/search/search-state.ts';
import { FEATURE_DEFAULTS, MEAL_DEFAULTS, priceLabel, SORT_DEFAULTS, SUGGESTED_DEFAULTS } from '#client/features/search/labels.ts';
import { useT } from '../copy.tsx';
import { usePartner } from '../partner.tsx';
import styles from './SchemaForm.module.css';

interface SearchQueryFieldProps {
  id: string;
  label: string;
  labelText: ReactNode;
  value: string;
  required: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  hint: ReactNode;
  messages: ReactNode;
  onChange: (next: string) => void;
}

function isOn(state: SearchState, filter: SuggestedFilter): boolean {
  return filter === 'benefitsFor' ? state.benefitsFor !== null : state[filter];
}

function toggled<T>(list: readonly T[], value: T, order: readonly T[]): T[] {
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return order.filter((v) => next.includes(v));
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
  selected: (value: T) => boolean;
  label: (value: T) => string;
  onToggle: (value: T) => void;
}) {
  const groupId = useId();
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      <div className={styles.choices}>
        {values.map((value) => {
          const id = `${groupId}-${value}`;
          return (
            <span key={value} className={styles.choice}>
              <input id={id} type="checkbox" className={styles.checkbox} checked={selected(value)} onChange={() => onToggle(value)} />
              <label htmlFor={id}>{label(value)}</label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}

export function SearchQueryField({
  id,
  label,
  labelText,
  value,
  required,
  invalid,
  describedBy,
  hint,
  messages,
  onChange,
}: SearchQueryFieldProps) {
  const t = useT();
  const partner = usePartner();
  const [asText, setAsText] = useState(false);
  const state = parseSearchState(value);
  // The query keeps the text trimmed; the box keeps what is typed ("Dim " on the way to "Dim Sum")
  // until the value changes from elsewhere (undo, Edit as text).
  const [typed, setTyped] = useState(state.restaurantOrCuisine);
  const text = typed.trim() === state.restaurantOrCuisine ? typed : state.restaurantOrCuisine;
  // The partner's switches, as the search page reads them (a flag the partner lacks is off).
  const suggested = suggestedFiltersFor({
    acclaimedEnabled: partner.flags.acclaimedEnabled === true,
    openTableReservationsEnabled: partner.flags.openTableReservationsEnabled === true,
  });
  const update = (change: Partial<SearchState>) => onChange(searchQueryString({ ...state, ...change, pageNo: 1 }));
  const textId = `${id}-text`;
  const sortId = `${id}-sort`;

  return (
    <fieldset className={styles.group} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend>{labelText}</legend>
      {hint}
      {messages}
      {asText ? (
        <div className={styles.field}>
          <label htmlFor={id}>{t('editor.searchQuery.asTextLabel', { label })}</label>
          <input
            id={id}
            className={`${styles.input} ${styles.code}`}
            type="text"
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            aria-required={required || undefined}
            value={value}
            onChange={(e) => onChange(e.target.value.replace(/^\?/, ''))}
          />
        </div>
      ) : (
        <>
          <div className={styles.field}>
            <label htmlFor={id}>{t('editor.searchQuery.text')}</label>
            <input
              id={id}
              className={styles.input}
              type="text"
              aria-describedby={`${textId}-hint`}
              value={text}
              maxLength={100}
              onChange={(e) => {
                setTyped(e.target.value);
                update({ restaurantOrCuisine: e.target.value });
              }}
            />
            <p className={styles.hint} id={`${textId}-hint`}>
              {t('editor.searchQuery.textHint')}
            </p>
          </div>
          {suggested.length > 0 ? (
            <Checks
              legend={t('editor.searchQuery.suggested')}
              values={suggested}
              selected={(filter) => isOn(state, filter)}
              label={(filter) => SUGGESTED_DEFAULTS[filter]}
              onToggle={(filter) =>
                update(filter === 'benefitsFor' ? { benefitsFor: state.benefitsFor ? null : 'members' } : { [filter]: !state[filter] })
              }
            />
          ) : null}
          <Checks
            legend={t('editor.searchQuery.price')}
            values={PRICE_LEVELS}
            selected={(level) => state.priceRange.includes(level)}
            label={priceLabel}
            onToggle={(level) => update({ priceRange: toggled(state.priceRange, level, PRICE_LEVELS) })}
          />
          <Checks
            legend={t('editor.searchQuery.features')}
            values={SEARCH_FEATURES}
            selected={(feature) => state.features.includes(feature)}
            label={(feature) => FEATURE_DEFAULTS[feature]}
            onToggle={(feature) => update({ features: toggled(state.features, feature, SEARCH_FEATURES) })}
          />
          <Checks
            legend={t('editor.searchQuery.meals')}
            values={SEARCH_MEALS}
            selected={(meal) => state.mealsServed.includes(meal)}
            label={(meal) => MEAL_DEFAULTS[meal]}
            onToggle={(meal) => update({ mealsServed: toggled(state.mealsServed, meal, SEARCH_MEALS) })}
          />
          <div className={styles.field}>
            <label htmlFor={sortId}>{t('editor.searchQuery.sort')}</label>
            <select
              id={sortId}
              className={styles.input}
              value={state.sortBy ?? ''}
              onChange={(e) => update({ sortBy: e.target.value === '' ? null : (e.target.value as SearchState['sortBy']) })}
            >
              <option value="">{t('editor.searchQuery.sortDefault')}</option>
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_DEFAULTS[sort]}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <button type="button" className={styles.linkButton} aria-pressed={asText} onClick={() => setAsText((now) => !now)}>
        {t('editor.searchQuery.asText')}
      </button>
    </fieldset>
  );
}
