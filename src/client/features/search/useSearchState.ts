// The search state read from and written to the URL. A change pushes a history entry (so back
// restores the previous search); the last search is remembered (spec 000 §3 "last search
// options") and an empty /search (the header's search icon, a plain menu link) restores it.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { readString, STORAGE_KEYS, writeString } from '#client/lib/storage.ts';
import { applyChange, isEmptyQuery, parseSearchState, searchQueryString, toSearchParams, type SearchState } from './search-state.ts';

export interface SearchStateApi {
  state: SearchState;
  /** The canonical query string (equal searches, equal strings). */
  query: string;
  update: (change: Partial<SearchState>) => void;
  replace: (next: SearchState) => void;
}

export function useSearchState(): SearchStateApi {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => parseSearchState(new URLSearchParams(key)), [key]);
  const query = useMemo(() => searchQueryString(state), [state]);

  const replace = useCallback(
    (next: SearchState) => {
      const nextParams = toSearchParams(next);
      if (nextParams.toString() === key) return;
      setParams(nextParams);
    },
    [key, setParams],
  );
  const update = useCallback((change: Partial<SearchState>) => replace(applyChange(state, change)), [replace, state]);
  return { state, query, update, replace };
}

/**
 * Remembers the last search and restores it on an empty /search (once per page visit, and as a
 * replacement so back does not bounce). Used by one block only (the results), so it runs once.
 */
export function useRememberedSearch(): void {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const firstRun = useRef(true);
  useEffect(() => {
    const current = new URLSearchParams(key);
    if (firstRun.current) {
      firstRun.current = false;
      if (isEmptyQuery(current)) {
        const stored = readString(STORAGE_KEYS.lastSearchOptions);
        const manual = readString(STORAGE_KEYS.manualSearchLocation);
        const source = stored ?? (manual ? new URLSearchParams({ location: manual }).toString() : '');
        const restored = toSearchParams(parseSearchState(source));
        if (restored.toString() !== '') {
          setParams(restored, { replace: true });
          return;
        }
      }
    }
    writeString(STORAGE_KEYS.lastSearchOptions, searchQueryString({ ...parseSearchState(current), pageNo: 1 }));
  }, [key, setParams]);
}
