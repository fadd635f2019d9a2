import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { headTagValues, pageHead, type MerchantFacts } from '#shared/head.ts';
import { useCmsContent, useRuntime } from '../runtime/index.tsx';

/**
 * Document title = page title + base title (the programme name), unless the partner has route
 * metadata for the path, which wins (spec 000 §2). The rest of the head (description, canonical
 * address, Open Graph, noindex) follows the page too, from the same rules the server used for the
 * page it sent (#shared/head.ts): a page reached by a client-side navigation says the same about
 * itself as one loaded directly. A merchant's page passes the merchant (null: there is none).
 */
export function useDocumentTitle(): (pageTitle: string | null, merchant?: MerchantFacts | null) => void {
  const { partner, production } = useRuntime();
  const cms = useCmsContent();
  const { pathname } = useLocation();
  return useCallback(
    (pageTitle: string | null, merchant?: MerchantFacts | null) => {
      const meta = partner.config.routeMeta[pathname];
      const base = partner.config.programName;
      document.title = meta?.title ?? (pageTitle ? `${pageTitle} | ${base}` : base);
      const head = pageHead({ partner, cms, pathname, production, ...(merchant !== undefined ? { merchant } : {}) });
      for (const [selector, attributes] of headTagValues({ ...head, title: document.title }, partner, window.location.origin)) {
        setTag(selector, attributes);
      }
      setTag('meta[name="keywords"]', meta?.keywords ? { name: 'keywords', content: meta.keywords } : null);
    },
    [partner, cms, production, pathname],
  );
}

/** Puts a head element with these attributes in place (created when missing), or removes it (null). */
function setTag(selector: string, attributes: Readonly<Record<string, string>> | null): void {
  let element = document.head.querySelector(selector);
  if (!attributes) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement(selector.startsWith('link') ? 'link' : 'meta');
    document.head.appendChild(element);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}
