// A CSS media query as React state, kept in sync with the viewport.
import { useCallback, useSyncExternalStore } from 'react';

/** Spec 000 §9 breakpoints. DESKTOP (861) is where the CMS navigation switches to its desktop text. */
export const BREAKPOINTS = { small: 451, medium: 661, desktop: 861, wide: 1050 } as const;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false);
  return useSyncExternalStore(subscribe, read, () => false);
}

/** True at the desktop breakpoint (861 px) and wider. */
export function useIsDesktop(): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`);
}
