// GET /api/CSRF (spec 000 §4, §7, §9): fetched once at start, retried up to 5 times, kept in
// session storage, never stale. If no token has arrived after 35 s a placeholder is stored, so a
// later write fails with a message naming it (http.ts) instead of a silent 403.
//
// The token is bound to the session, and the session can change while this tab is not looking:
// another tab signs in or out, or the member signs in outside the app. So the token kept in session
// storage is only a stand-in for when GET /api/CSRF fails, never used before its answer (a page's
// first writes, its impressions, would otherwise go out with the last session's token and be
// refused with a 403 the member sees in the console), and the token is fetched again when the tab
// comes back into view (visibilitychange, or a page restored from the back-forward cache).
import type { CsrfResponse } from '#shared/generated/types.ts';
import {
  apiFetch,
  CSRF_PLACEHOLDER_PREFIX,
  getCsrfToken,
  isPlaceholderCsrf,
  setCsrfHandlers,
  setCsrfPending,
  setCsrfToken,
} from './http.ts';

export const CSRF_STORAGE_KEY = 'mb_csrf_token';
export const CSRF_RETRIES = 5;
export const CSRF_FALLBACK_MS = 35_000;

export interface CsrfDeps {
  fetchToken: () => Promise<string>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Delay before retry n (1-based); the default backs off 1, 2, 4, 8, 8 s. */
  retryDelay: (attempt: number) => number;
  random: () => string;
}

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const defaultDeps: CsrfDeps = {
  fetchToken: async () => (await apiFetch<CsrfResponse>('/api/CSRF', { cache: 'no-store' })).csrfToken,
  storage: sessionStore(),
  retryDelay: (attempt) => Math.min(1000 * 2 ** (attempt - 1), 8000),
  random: () => Math.random().toString(36).slice(2, 10),
};

let started: Promise<string> | null = null;

/**
 * Starts the token fetch (once per page). Resolves with the first usable token: a stored one at
 * once, a fetched one, or the placeholder after 35 s of failures. A real token that arrives after
 * the placeholder still replaces it.
 */
export function startCsrf(overrides: Partial<CsrfDeps> = {}): Promise<string> {
  if (started) return started;
  const deps = { ...defaultDeps, ...overrides };
  const persist = (token: string) => {
    try {
      deps.storage?.setItem(CSRF_STORAGE_KEY, token);
    } catch {
      // Storage full or blocked: the token still lives in memory for this page.
    }
  };
  // The token is bound to the session: sign-in and sign-out hand out a new one (http.ts).
  setCsrfHandlers({ persist, refresh: deps.fetchToken });
  started = new Promise<string>((resolve) => {
    let stored: string | null = null;
    try {
      stored = deps.storage?.getItem(CSRF_STORAGE_KEY) ?? null;
    } catch {
      stored = null;
    }
    const standIn = stored && !isPlaceholderCsrf(stored) ? stored : null;

    const fallback = setTimeout(() => {
      if (getCsrfToken()) return;
      const placeholder = `${CSRF_PLACEHOLDER_PREFIX}${deps.random()}`;
      setCsrfToken(placeholder);
      resolve(placeholder);
    }, CSRF_FALLBACK_MS);

    void (async () => {
      for (let attempt = 0; attempt <= CSRF_RETRIES; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, deps.retryDelay(attempt)));
        try {
          const token = await deps.fetchToken();
          clearTimeout(fallback);
          setCsrfToken(token);
          persist(token);
          resolve(token);
          return;
        } catch (error) {
          // The kept token is right unless the session changed since; if it did, the write's 403
          // fetches a fresh one (http.ts). Better than no token while the server does not answer.
          if (attempt === 0 && standIn && !getCsrfToken()) {
            setCsrfToken(standIn);
            resolve(standIn);
          }
          if (attempt === CSRF_RETRIES) console.error('[menuboard] CSRF token unavailable', error);
        }
      }
    })();
  });
  setCsrfPending(started);
  watchForSessionChanges(deps, persist);
  return started;
}

let unwatch: (() => void) | null = null;

/** Fetches the token again when the tab comes back into view: a session may have changed meanwhile. */
function watchForSessionChanges(deps: CsrfDeps, persist: (token: string) => void): void {
  if (typeof document === 'undefined' || typeof window === 'undefined') return;
  const refresh = () => {
    deps.fetchToken().then(
      (token) => {
        setCsrfToken(token);
        persist(token);
      },
      () => undefined, // the token in hand stays; a refused write fetches again (http.ts)
    );
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') refresh();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) refresh();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pageshow', onPageShow);
  unwatch = () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pageshow', onPageShow);
  };
}

/** The token once one is known (for writes that must not race the first fetch). */
export function csrfReady(): Promise<string> {
  return started ?? startCsrf();
}

/** For tests: forget the started fetch. */
export function resetCsrfForTests(): void {
  unwatch?.();
  unwatch = null;
  started = null;
  setCsrfToken(null);
  setCsrfPending(null);
  setCsrfHandlers(null);
}
