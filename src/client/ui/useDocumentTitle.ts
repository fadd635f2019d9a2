import { useCallback } from 'react';
import { useLocation } from 'react-router';
import type { MerchantFacts } from '#shared/head.ts';
import { useCmsContent, useRuntime } from '../runtime/index.tsx';

/**
 * Document title = page title + base title (the programme name), unless the partner has route
 * metadata for the path, which wins (spec 000 §2). The rest of the head (description, canonical
 * address, Open Graph, noindex) follows the page too, from the same rules the server used for the
 * page it sent (#shared/head.ts): a page reached by a client-side navigation says the same about
 * itself as one loaded directly. A merchant's page passes the merchant (null: there is none).
 * The head rules load on first use rather than with the first page's script: the server already
 * wrote the first page's head, so only a later navigation needs them (the title is set at once).
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
      const title = document.title;
      setTag('meta[name="keywords"]', meta?.keywords ? { name: 'keywords', content: meta.keywords } : null);
      // Calls resolve in the order they were made (one module promise), so the last page's head wins.
      void import('#shared/head.ts').then(({ pageHead, headTagValues }) => {
        const head = pageHead({ partner, cms, pathname, production, ...(merchant !== undefined ? { merchant } : {}) });
        for (const [selector, attributes] of headTagValues({ ...head, title }, partner, window.location.origin)) {
          setTag(selector, attributes);
        }
      });
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
