import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while the browser hydrates what the server sent (so both render the
 * same), true from then on and in a page the browser renders itself: for what only a browser can
 * decide (its user agent, an install prompt) and must not be in the shared server-rendered page.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
