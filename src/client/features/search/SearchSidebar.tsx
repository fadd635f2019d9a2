// The search page's CMS text (spec 000 §3 "Sidebar: page_text keyed by slug"), hidden while the map
// fills the page. CmsHtml renders it (the server sanitises CMS HTML on write and read).
import { useCmsEntry, useFill } from '#client/runtime/index.tsx';
import { CmsHtml } from '#client/ui/CmsHtml.tsx';
import { useSearchUi } from './page-store.ts';
import styles from './Search.module.css';

export function SearchSidebar({ slug = 'search' }: { slug?: string }) {
  const entry = useCmsEntry('sidebar', slug);
  const fill = useFill();
  const { view } = useSearchUi();
  const html = typeof entry?.fields.page_text === 'string' ? entry.fields.page_text : '';
  if (!html.trim()) return null;
  return <CmsHtml as="aside" panel className={view === 'map' ? styles.hiddenInMapView : undefined} html={fill.html(html)} />;
}
