// What the earn, explanation and legal pages read: CMS entries with the copy placeholders filled
// in (escaped where the text is HTML), copy keys with a per-currency variant, and the document title.
import { useCallback, useEffect, useMemo } from 'react';
import { earnSlugOf } from '#shared/cms.ts';
import type { CmsEarnDetailsFields } from '#shared/generated/types.ts';
import { validateCmsEarnDetails } from '#shared/generated/validators/validateCmsEarnDetails.js';
import { useCmsEntries, useCopy, usePartner } from '#client/runtime/index.tsx';
import { useDocumentTitle } from '#client/ui/useDocumentTitle.ts';

export interface EarnDetailEntry {
  slug: string;
  fields: CmsEarnDetailsFields;
}

/**
 * Every earn_details entry keyed by the path under /earn. The spec drops entries without url; one
 * that does not match its schema at all (a legacy row) is dropped too rather than breaking the page.
 */
export function useEarnDetails(): EarnDetailEntry[] {
  const entries = useCmsEntries('earn_details');
  return useMemo(
    () =>
      entries.flatMap((entry) => {
        const fields: unknown = entry.fields;
        if (!validateCmsEarnDetails(fields)) return [];
        const slug = earnSlugOf(fields.url);
        return slug !== '' && !slug.includes('/') ? [{ slug, fields }] : [];
      }),
    [entries],
  );
}

/**
 * Copy with a per-currency variant: `key.mile`, `key.point`, `key.dollar` or `key.credit` (the
 * partner's currencyType) when the catalogue has it, else `key` itself.
 */
export function useCurrencyCopy(): (key: string, fallback?: string) => string {
  const copy = useCopy();
  const { config } = usePartner();
  return useCallback(
    (key: string, fallback = '') => {
      const variant = copy(`${key}.${config.currencyType.toLowerCase()}`);
      return variant || copy(key, fallback);
    },
    [copy, config.currencyType],
  );
}

/**
 * Sets the document title from inside a block. The page renderer sets the layout's title in an
 * effect of its own, and a parent's effects run after its children's in the same commit, so the
 * block's title is applied a microtask later, after the renderer's, and wins.
 */
export function useBlockTitle(title: string | null): void {
  const setTitle = useDocumentTitle();
  useEffect(() => {
    if (title === null) return;
    let live = true;
    queueMicrotask(() => {
      if (live) setTitle(title);
    });
    return () => {
      live = false;
    };
  }, [title, setTitle]);
}
