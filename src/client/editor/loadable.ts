// A screen's code chunk, loaded on demand without Suspense. React 19 holds a Suspense boundary's
// content back until 300 ms after its fallback first showed (its FALLBACK_THROTTLE_MS), and React.lazy
// always suspends once, even for a chunk that is already here: each lazy screen on the way to a page
// layout (the entry screen, then the layout editor) added up to 300 ms to opening it. Here the caller
// shows its own loading line while the chunk loads, and can start the load early (in parallel with
// the data the screen needs).
import { useEffect, useState } from 'react';

export interface Loadable<T> {
  /** Starts loading (once; a failed load is tried again on the next call). */
  load(): Promise<T>;
  /** The module, once loaded. */
  loaded(): T | undefined;
}

export function loadable<T>(importer: () => Promise<T>): Loadable<T> {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load() {
      pending ??= importer().then(
        (value) => (module = value),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}

/** The module when loaded ('loading' meanwhile, 'failed' when its chunk could not be fetched); loads it while `wanted`. */
export function useLoadable<T>(code: Loadable<T>, wanted = true): T | 'loading' | 'failed' {
  const [, setDone] = useState(0);
  const [failed, setFailed] = useState(false);
  const module = code.loaded();
  useEffect(() => {
    if (!wanted || code.loaded() !== undefined) return;
    let cancelled = false;
    code.load().then(
      () => !cancelled && setDone((n) => n + 1),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [code, wanted]);
  if (module !== undefined) return module;
  return failed ? 'failed' : 'loading';
}
