// A handler that keeps its identity for the component's whole life and calls the latest one it was
// given. Memoised fields compare their handler: a new one per render (an inline arrow) would draw
// every field again for each letter typed in one of them.
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useSteadyHandler<Args extends unknown[]>(handler: (...args: Args) => void): (...args: Args) => void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
