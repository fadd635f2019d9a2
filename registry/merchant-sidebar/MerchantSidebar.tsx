// The restaurant page's CMS text (spec 000 §3 "Sidebar: page_text keyed by slug"; the search page
// shows entry `search`, every restaurant page entry `merchant`). The server sanitises CMS HTML on
// write and read, so CmsHtml may set it; placeholder values are escaped before they go into it.
import type { MerchantSidebarProps } from '#shared/generated/types.ts';
import { CmsHtml } from '#client/ui/CmsHtml.tsx';
import { useCmsEntry, useCopy, useFill } from '#client/runtime/index.tsx';
import { useMerchantDetail, useMerchantId } from '#client/features/merchant-detail/index.ts';

export function MerchantSidebar({ slug = 'merchant' }: MerchantSidebarProps) {
  const copy = useCopy();
  const fill = useFill();
  const entry = useCmsEntry('sidebar', slug);
  // Shown with the restaurant, not before it: the sections above it appear when its details
  // arrive, and a text already standing there would be pushed down (layout shift); an unknown
  // restaurant's Not Found page shows no earning tips.
  const { data } = useMerchantDetail(useMerchantId());
  const html = typeof entry?.fields.page_text === 'string' ? entry.fields.page_text : '';
  if (!data || !html.trim()) return null;
  return (
    <section className="container" aria-label={copy('merchantDetail.sidebar.label', 'Good to know')}>
      {/* Under the restaurant's name (h1): the text's headings start at h2, whatever the editor picked. */}
      <CmsHtml panel headingLevel={2} html={fill.html(html)} />
    </section>
  );
}
