// The precompiled validators the editor checks fields with, loaded on demand, one chunk each
// (src/shared/generated/validators/, `npm run gen`): a screen loads the validators of its entry's
// group, or of the layout and the block types on the page, not the whole generated module. Once
// loaded, a validator is kept, so checks stay synchronous.
import { useEffect, useState } from 'react';
import type { ValidateFn } from '#shared/generated/validators.js';
import { loadValidator } from '#shared/generated/validators/index.js';
import { BLOCKS } from './schemas.ts';

const loaded = new Map<string, ValidateFn<unknown>>();
const pending = new Map<string, Promise<void>>();

/** The validator, if loaded. */
export function cachedValidator(name: string): ValidateFn<unknown> | undefined {
  return loaded.get(name);
}

/** The generated validator name of a block type's props (from its props schema's title), or null. */
export function blockValidatorName(type: string): string | null {
  const title = BLOCKS.get(type)?.schema.title;
  return title ? `validate${title}` : null;
}

export function loadValidators(names: readonly string[]): Promise<void> {
  return Promise.all(
    names
      .filter((name) => !loaded.has(name))
      .map((name) => {
        let load = pending.get(name);
        if (!load) {
          load = loadValidator(name).then(
            (validate) => void loaded.set(name, validate),
            (error: unknown) => {
              pending.delete(name);
              throw error;
            },
          );
          pending.set(name, load);
        }
        return load;
      }),
  ).then(() => undefined);
}

/** Loads the validators (once); 'ready' when all are, 'failed' when a chunk could not be loaded. */
export function useValidators(names: readonly string[]): 'loading' | 'ready' | 'failed' {
  const key = [...new Set(names)].sort().join(',');
  const [state, setState] = useState<{ key: string; status: 'loading' | 'ready' | 'failed' }>(() => ({
    key,
    status: names.every((name) => loaded.has(name)) ? 'ready' : 'loading',
  }));
  useEffect(() => {
    let cancelled = false;
    const wanted = key ? key.split(',') : [];
    if (wanted.every((name) => loaded.has(name))) {
      setState({ key, status: 'ready' });
      return;
    }
    setState({ key, status: 'loading' });
    loadValidators(wanted).then(
      () => !cancelled && setState({ key, status: 'ready' }),
      () => !cancelled && setState({ key, status: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [key]);
  // Loaded already (a block added after its validator was loaded): ready now, so the screen is not
  // swapped for "Loading…" for a render, which would remount the editor and lose its undo history.
  if (names.every((name) => loaded.has(name))) return 'ready';
  return state.key === key ? state.status : 'loading';
}
