import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { usePartner } from './runtime.tsx';

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
      if (meta?.description !== undefined) setMeta('description', meta.description);
      if (meta?.keywords !== undefined) setMeta('keywords', meta.keywords);
    },
    [partner, pathname],
  );
}

function setMeta(name: string, content: string): void {
  let element = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.appendChild(element);
  }
  element.content = content;
}
