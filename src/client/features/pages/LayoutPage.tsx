// A route whose screen is a page layout (partners/_base/pages/<name>.json, patched per partner),
// rendered through the page renderer. A partner without that layout gets the Not Found page, so a
// route never shows a blank screen.
import { useCallback } from 'react';
import { usePartner } from '#client/runtime/index.tsx';
import { PageRenderer } from '#client/page/PageRenderer.tsx';
import { useDocumentTitle } from '#client/ui/useDocumentTitle.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export function LayoutPage({ name }: { name: string }) {
  const partner = usePartner();
  const setTitle = useDocumentTitle();
  const onTitle = useCallback((title: string | null) => setTitle(title), [setTitle]);
  const layout = Object.hasOwn(partner.pages, name) ? partner.pages[name] : undefined;
  if (!layout) return <NotFoundPage />;
  return (
    <main id="main" tabIndex={-1} data-page={name}>
      <PageRenderer layout={layout} source={`partners/${partner.id}/pages/${name}.json`} onTitle={onTitle} />
    </main>
  );
}
