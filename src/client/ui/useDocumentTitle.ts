import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { usePartner } from '../runtime/index.tsx';

/**
 * Document title = page title + base title (the programme name), unless the partner has route
 * metadata for the path, which wins (spec 000 §2).
 */
export function useDocumentTitle(): (pageTitle: string | null) => void {
  const partner = usePartner();
  const { pathname } = useLocation();
  return useCallback(
    (pageTitle: string | null) => {
      const meta = partner.config.routeMeta[pathname];
      const base = partner.config.programName;
      document.title = meta?.title ?? (pageTitle ? `${pageTitle} | ${base}` : base);
      // A path without metadata must not keep the previous path's description or keywords.
      setMeta('description', meta?.description);
      setMeta('keywords', meta?.keywords);
    },
    [partner, pathname],
  );
}

/** What the document had before any route metadata (null = no such tag), per meta name. */
const originalMeta = new Map<string, string | null>();

/** Sets a meta tag for this path, or (undefined) puts back what the document had before. */
function setMeta(name: string, content: string | undefined): void {
  let element = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!originalMeta.has(name)) originalMeta.set(name, element?.content ?? null);
  const value = content ?? originalMeta.get(name) ?? null;
  if (value === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.appendChild(element);
  }
  element.content = value;
}
