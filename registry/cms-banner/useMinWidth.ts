import { useCallback, useSyncExternalStore } from 'react';

/** Whether the viewport is at least `px` wide, following resizes. False where matchMedia is missing. */
export function useMinWidth(px: number): boolean {
  const query = `(min-width: ${px}px)`;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia !== 'function') return () => {};
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const get = () => (typeof matchMedia === 'function' ? matchMedia(query).matches : false);
  return useSyncExternalStore(subscribe, get, () => false);
}
