// Home and discover: the layout comes from the CMS (entry `page-layout` of the group), falling back
// to the partner's default layout when the CMS has none.
import { useCallback } from 'react';
import { LAYOUT_SLUG } from '#shared/cms.ts';
import { useCmsEntry, usePartner } from '#client/runtime/index.tsx';
import { PageRenderer } from '#client/page/PageRenderer.tsx';
import { useDocumentTitle } from '#client/ui/useDocumentTitle.ts';

export function CmsLayoutPage({ group }: { group: 'home' | 'discover' }) {
  const partner = usePartner();
  const entry = useCmsEntry(group, LAYOUT_SLUG);
  const setTitle = useDocumentTitle();
  const onTitle = useCallback((title: string | null) => setTitle(title), [setTitle]);
  const layout = entry?.fields ?? partner.pages[group];
  const source = entry ? `cms:${partner.id}/${group}/${LAYOUT_SLUG}` : `partners/_base/pages/${group}.json`;
  return (
    <main id="main" tabIndex={-1}>
      <PageRenderer layout={layout} source={source} onTitle={onTitle} />
    </main>
  );
}
