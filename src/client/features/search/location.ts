// Where the search page searches when no place is typed (spec 000 §4, §9; 001 §4): the device is
// asked first (high accuracy, 7 s timeout, no cached position, so the browser may show its
// permission prompt); on any error or no answer the server's default location, then the built-in
// default; re-read every 5 minutes; two decimals. The decision says where it came from, so the page
// can say "Near you" or "Near Times Square (default)" and the visitor can type a place instead.
// (Asking only after "Current location" was picked left the results showing the default labelled
// as the visitor's position.) One shared store, so the form, the results and the map agree on one
// decision. A search whose address names a place needs no position: there the device is not asked
// on load (Lighthouse's geolocation-on-start, and a prompt nobody asked for), only when the visitor
// picks "Current location" or the search turns to their position.
import { useEffect, useSyncExternalStore } from 'react';
import {
  decideLocation,
  fetchDefaultLocation,
  FIRST_READ_OPTIONS,
  LOCATION_REFRESH_MS,
  type LocationDecision,
} from '#client/features/location/index.ts';

type Permission = 'granted' | 'denied' | 'prompt' | 'unknown';

export interface SearchLocation {
  /** null until the first decision. */
  position: LocationDecision | null;
  /** The device refused (permission denied): results are around the default location. */
  blocked: boolean;
  /**
   * The device was asked and gave no position (timed out after 7 s, or could not locate itself):
   * results are around the default location, and the page says so.
   */
  unavailable: boolean;
  /** A device read the visitor asked for is running. */
  asking: boolean;
}

let snapshot: SearchLocation = { position: null, blocked: false, unavailable: false, asking: false };
let permission: Permission = 'unknown';
let asked = false;
let started = false;
let generation = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(next: Partial<SearchLocation>): void {
  const merged = { ...snapshot, ...next };
  const p = merged.position;
  const q = snapshot.position;
  const same =
    merged.blocked === snapshot.blocked &&
    merged.unavailable === snapshot.unavailable &&
    merged.asking === snapshot.asking &&
    (p === q || (p !== null && q !== null && p.latitude === q.latitude && p.longitude === q.longitude && p.source === q.source));
  if (same) return;
  snapshot = merged;
  for (const listener of listeners) listener();
}

// Asked on every decision unless the browser already refused (then the answer is known: blocked).
const useDevice = () => asked || permission !== 'denied';

async function decide(run: number): Promise<void> {
  const device = useDevice() && typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  let denied = false;
  const geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined = device
    ? {
        getCurrentPosition: (ok, fail, options) =>
          device.getCurrentPosition(
            ok,
            (error) => {
              if (error.code === error.PERMISSION_DENIED) denied = true;
              fail?.(error);
            },
            options,
          ),
      }
    : undefined;
  // This module already decided whether the device may be read (asked, or granted): say so, rather
  // than have decideLocation query the permission again.
  const position = await decideLocation(
    FIRST_READ_OPTIONS,
    { geolocation, fetchDefault: fetchDefaultLocation, permission: async () => null },
    geolocation !== undefined,
  );
  if (run !== generation) return;
  const blocked = denied || permission === 'denied';
  // Asked, not refused, and still no device position: it timed out or could not locate itself.
  const unavailable = geolocation !== undefined && !blocked && position.source !== 'browser';
  publish({ position, blocked, unavailable, asking: false });
  timer = setTimeout(() => void decide(run), LOCATION_REFRESH_MS);
}

function restart(): void {
  generation += 1;
  if (timer !== undefined) clearTimeout(timer);
  void decide(generation);
}

async function start(): Promise<void> {
  started = true;
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    if (status) {
      permission = status.state;
      status.addEventListener('change', () => {
        const before = useDevice();
        permission = status.state;
        if (permission === 'denied') publish({ blocked: true });
        if (useDevice() !== before || permission === 'granted') restart();
      });
    }
  } catch {
    // No Permissions API: the permission stays unknown, and the device is asked all the same.
  }
  restart();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    // Leaving the page stops the 5-minute re-reads; the last decision stays for a quick return.
    if (listeners.size === 0) {
      generation += 1;
      if (timer !== undefined) clearTimeout(timer);
      started = false;
    }
  };
}

/** The visitor chose "Current location": ask the device now (this may show the browser's prompt). */
export function askForCurrentLocation(): void {
  asked = true;
  publish({ asking: true });
  if (started) restart();
  else void start();
}

/**
 * The search's location decision. `needed`: the search is around the visitor's position (no place
 * in the address); only then does the first subscriber start the decision, asking the device.
 */
export function useSearchLocation(needed: boolean): SearchLocation {
  const location = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
  useEffect(() => {
    if (needed && !started && listeners.size > 0) void start();
  }, [needed]);
  return location;
}
