// What the search page's blocks share besides the URL: the small-screen mode (list or map) and
// the merchant the visitor points at (a hovered card lights its marker, a clicked marker lights
// its card). A tiny external store, so separate blocks (each in its own boundary) stay in step.
import { useSyncExternalStore } from 'react';
import { readString, STORAGE_KEYS, writeString } from '#client/lib/storage.ts';

export interface SearchPageUi {
  view: 'list' | 'map';
  /** Hovered or focused card (lights its marker). */
  hoveredId: string | null;
  /** Picked on the map or list (its card is scrolled to and marked); remembered (spec 000 §3). */
  selectedId: string | null;
  /**
   * The phone map's restaurant card: open only for a marker tapped on this visit (a remembered
   * selection marks the list, it does not cover the map), closed by its close button or a tap on
   * the map.
   */
  mapCardOpen: boolean;
}

let ui: SearchPageUi = { view: 'list', hoveredId: null, selectedId: readString(STORAGE_KEYS.selectedMerchant), mapCardOpen: false };
const listeners = new Set<() => void>();
const SERVER_UI: SearchPageUi = { view: 'list', hoveredId: null, selectedId: null, mapCardOpen: false };

export function updateSearchUi(change: Partial<SearchPageUi>): void {
  const next = { ...ui, ...change };
  if (next.view === ui.view && next.hoveredId === ui.hoveredId && next.selectedId === ui.selectedId && next.mapCardOpen === ui.mapCardOpen)
    return;
  if (change.selectedId !== undefined && change.selectedId !== null) writeString(STORAGE_KEYS.selectedMerchant, change.selectedId);
  ui = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSearchUi(): SearchPageUi {
  return useSyncExternalStore(
    subscribe,
    () => ui,
    // A page rendered on the server knows no remembered selection (it is this browser's): hydration
    // starts from none, then shows this browser's.
    () => SERVER_UI,
  );
}
