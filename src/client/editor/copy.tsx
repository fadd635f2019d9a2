// The editor's words: the `editor.*` keys of the partner's copy catalogue (partners/_base/copy.json,
// partner overrides), inlined by the server into /editor. `{name}` placeholders are filled from vars.
import { createContext, useCallback, useContext, type ReactNode } from 'react';

export type Translate = (key: string, vars?: Readonly<Record<string, string | number>>) => string;

const CopyContext = createContext<Readonly<Record<string, string>>>({});

export function CopyProvider({ copy, children }: { copy: Readonly<Record<string, string>>; children: ReactNode }) {
  return <CopyContext.Provider value={copy}>{children}</CopyContext.Provider>;
}

export function format(copy: Readonly<Record<string, string>>, key: string, vars?: Readonly<Record<string, string | number>>): string {
  const text = copy[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

export function useT(): Translate {
  const copy = useContext(CopyContext);
  return useCallback((key, vars) => format(copy, key, vars), [copy]);
}
