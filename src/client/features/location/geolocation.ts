// The geolocation service (spec 000 §4, §9). First read asks the browser for a fresh, precise
// position (high accuracy, 7000 ms timeout, no cached position) — but only silently: the browser is
// asked only when its geolocation permission is already granted, or once the visitor asked for
// their current location (allowLocationPrompt), so no permission prompt appears on page load.
// Otherwise, and on any error, it falls back to
// GET /api/DefaultUserLocation, then to the built-in 40.7577,-73.9857. After each decision the
// position is re-read every 5 minutes. Coordinates are rounded to 2 decimals (about 1 km), which
// also keeps the query keys built from them stable. A low-accuracy variant (cached up to an hour,
// 5000 ms timeout) serves places where a coarse position is enough.
import { useSyncExternalStore } from 'react';
import type { UserLocation } from '#shared/generated/types.ts';
import { apiFetch } from '#client/api/http.ts';

export type LocationSource = 'browser' | 'server' | 'default';

export interface LocationDecision extends UserLocation {
  /** Where the position came from; 'browser' only when the visitor's device answered. */
  source: LocationSource;
}

/** Spec 000 §9's built-in default, with the name the search page labels it by. */
export const BUILT_IN_LOCATION: UserLocation = { latitude: 40.7577, longitude: -73.9857, name: 'Times Square' };
export const FIRST_READ_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 7000, maximumAge: 0 };
export const LOW_ACCURACY_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 5000, maximumAge: 3_600_000 };
export const LOCATION_REFRESH_MS = 5 * 60 * 1000;

export interface GeolocationDeps {
  geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined;
  fetchDefault: () => Promise<UserLocation>;
  /** The page's geolocation permission without prompting; null when the browser cannot tell. */
  permission: () => Promise<PermissionState | null>;
}

async function queryPermission(): Promise<PermissionState | null> {
  try {
    if (typeof navigator === 'undefined' || !navigator.permissions) return null;
    return (await navigator.permissions.query({ name: 'geolocation' })).state;
  } catch {
    return null;
  }
}

let serverDefault: Promise<UserLocation> | null = null;

/**
 * GET /api/DefaultUserLocation (spec 001 §7), asked once per page: the search page's store and the
 * low-accuracy one both fall back to it, and the partner's default does not change while a page is
 * open. A failed answer is forgotten, so the next decision asks again.
 */
export function fetchDefaultLocation(): Promise<UserLocation> {
  serverDefault ??= apiFetch<UserLocation>('/api/DefaultUserLocation').catch((error: unknown) => {
    serverDefault = null;
    throw error;
  });
  return serverDefault;
}

function defaultDeps(): GeolocationDeps {
  return {
    geolocation: typeof navigator !== 'undefined' ? navigator.geolocation : undefined,
    fetchDefault: fetchDefaultLocation,
    permission: queryPermission,
  };
}

/** Set once the visitor asked for their current location: from then on the browser may prompt. */
let visitorAsked = false;

/** The visitor chose "Current location": later reads may show the browser's permission prompt. */
export function allowLocationPrompt(): void {
  visitorAsked = true;
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function decision(location: UserLocation, source: LocationSource): LocationDecision {
  const rounded: LocationDecision = { latitude: round2(location.latitude), longitude: round2(location.longitude), source };
  if (source !== 'browser' && typeof location.name === 'string' && location.name.trim()) rounded.name = location.name.trim().slice(0, 80);
  return rounded;
}

function isCoordinates(value: unknown): value is UserLocation {
  const v = value as UserLocation | null;
  return (
    typeof v?.latitude === 'number' &&
    typeof v.longitude === 'number' &&
    Number.isFinite(v.latitude) &&
    Number.isFinite(v.longitude) &&
    Math.abs(v.latitude) <= 90 &&
    Math.abs(v.longitude) <= 180
  );
}

function readBrowser(geolocation: GeolocationDeps['geolocation'], options: PositionOptions): Promise<UserLocation> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new Error('geolocation unavailable'));
      return;
    }
    // Some browsers never call back while their permission prompt is ignored; the options'
    // timeout does not cover that, so a guard a second later decides for them.
    const guard = setTimeout(() => reject(new Error('geolocation did not answer')), (options.timeout ?? 7000) + 1000);
    try {
      geolocation.getCurrentPosition(
        (position) => {
          clearTimeout(guard);
          resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        },
        (error) => {
          clearTimeout(guard);
          reject(error);
        },
        options,
      );
    } catch (error) {
      clearTimeout(guard);
      reject(error);
    }
  });
}

/**
 * One decision: browser (when it can answer without a prompt, or `mayPrompt`), else server
 * default, else built-in. Never rejects.
 */
export async function decideLocation(
  options: PositionOptions = FIRST_READ_OPTIONS,
  deps: GeolocationDeps = defaultDeps(),
  mayPrompt: boolean = visitorAsked,
): Promise<LocationDecision> {
  try {
    if (mayPrompt || (await deps.permission()) === 'granted') {
      const position = await readBrowser(deps.geolocation, options);
      if (isCoordinates(position)) return decision(position, 'browser');
    }
  } catch {
    // Denied, unavailable or timed out: the server's default is next.
  }
  try {
    const fallback = await deps.fetchDefault();
    if (isCoordinates(fallback)) return decision(fallback, 'server');
  } catch {
    // Offline or failing server: the built-in default.
  }
  return decision(BUILT_IN_LOCATION, 'default');
}

/** The low-accuracy variant: a cached position up to an hour old is fine. */
export function decideLowAccuracyLocation(deps: GeolocationDeps = defaultDeps()): Promise<LocationDecision> {
  return decideLocation(LOW_ACCURACY_OPTIONS, deps);
}

/**
 * Decides now, then re-reads 5 minutes after every decision until stopped. Returns the stop
 * function. `onDecision` sees every decision (also unchanged ones, so callers can tell time passed).
 */
export function watchLocation(
  onDecision: (decision: LocationDecision) => void,
  deps: GeolocationDeps = defaultDeps(),
  options: PositionOptions = FIRST_READ_OPTIONS,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async () => {
    const next = await decideLocation(options, deps);
    if (stopped) return;
    onDecision(next);
    timer = setTimeout(() => void run(), LOCATION_REFRESH_MS);
  };
  void run();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}

// One shared watcher for every component that wants the location: started by the first subscriber,
// stopped when the last one leaves, so the browser is asked once however many blocks need it.
let current: LocationDecision | null = null;
const listeners = new Set<() => void>();
let stopShared: (() => void) | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!stopShared) {
    stopShared = watchLocation((next) => {
      if (current && current.latitude === next.latitude && current.longitude === next.longitude && current.source === next.source) return;
      current = next;
      for (const l of listeners) l();
    });
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && stopShared) {
      stopShared();
      stopShared = null;
    }
  };
}

/** The visitor's location: null until the first decision, then updated every 5 minutes. */
export function useUserLocation(): LocationDecision | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** For tests: forget the shared decision. */
export function resetUserLocationForTests(): void {
  visitorAsked = false;
  stopShared?.();
  stopShared = null;
  current = null;
  listeners.clear();
}
