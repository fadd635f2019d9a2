// Small localStorage helpers for remembered choices (dismissed modals, snoozes, last seen survey,
// the search page's last search). Storage can be missing or throw (private mode, disabled cookies, quota): every
// helper then behaves as if nothing was stored, so the worst case is a notice shown again.
// Time always comes from Date.now() so a test clock (Playwright's page.clock) moves it.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Keys the frame uses, in one place so nothing collides and the README can list them. */
export const STORAGE_KEYS = {
  announcementDismissed: (id: string) => `mb.announcementModal.${id}.dismissedUntil`,
  generalPopupType: 'mb.generalPopupType',
  temporarySsoModalDismissed: 'mb.temporarySsoModal.dismissed',
  installBannerSnoozedUntil: 'mb.installBanner.snoozedUntil',
  surveyLastSeen: (id: string) => `mb.survey.${id}.lastSeen`,
  // Spec 000 §3 / 001 §3 search keys: the last search's query string, the last place typed, the
  // map's centre and zoom, and the merchant last picked on the list or map.
  lastSearchOptions: 'mb.search.lastOptions',
  manualSearchLocation: 'mb.search.manualLocation',
  mapView: 'mb.search.mapView',
  selectedMerchant: 'mb.selectedMerchant',
} as const;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readString(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Full or blocked storage: the choice is forgotten, which only means showing something again.
  }
}

export function removeKey(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // See writeString.
  }
}

/** A stored millisecond timestamp, or null when absent or unreadable. */
export function readTimestamp(key: string): number | null {
  const raw = readString(key);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function writeTimestamp(key: string, at: number = Date.now()): void {
  writeString(key, String(Math.round(at)));
}

/** Stores "until now + durationMs": for dismissals and snoozes that run out. */
export function setFlagFor(key: string, durationMs: number, now: number = Date.now()): void {
  writeTimestamp(key, now + durationMs);
}

/** Whether a flag written by setFlagFor is still running. */
export function isFlagActive(key: string, now: number = Date.now()): boolean {
  const until = readTimestamp(key);
  return until !== null && now < until;
}

/** Whether a timestamp written by writeTimestamp lies within the last `windowMs`. */
export function seenWithin(key: string, windowMs: number, now: number = Date.now()): boolean {
  const at = readTimestamp(key);
  return at !== null && now - at < windowMs && at <= now;
}
