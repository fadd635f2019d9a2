// The CMS navigation and footer link lists (group "*": entries navbar and footer).
import { useCallback } from 'react';
import { substitute } from '#shared/copy.ts';
import { useCmsEntry, useRuntime } from '#client/runtime/index.tsx';
import type { CmsGlobalFields } from '#shared/generated/types.ts';

/** CMS text gets the same placeholder substitution as copy ({currency}, {programName}, ...). */
export function useSubstitute(): (text: string) => string {
  const { placeholders } = useRuntime();
  return useCallback((text: string) => substitute(text, placeholders), [placeholders]);
}

export function useGlobalFields(slug: 'navbar' | 'footer'): CmsGlobalFields {
  return (useCmsEntry('*', slug)?.fields ?? {}) as CmsGlobalFields;
}
