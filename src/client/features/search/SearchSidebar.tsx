// The search page's CMS text (spec 000 §3 "Sidebar: page_text keyed by slug"). The server
// sanitises CMS HTML on write and read (src/server/cms-sanitize.ts), which is what makes
// dangerouslySetInnerHTML acceptable; app links inside navigate without a reload.
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { substitute } from '#shared/copy.ts';
import { useCmsEntry, useRuntime } from '#client/runtime/index.tsx';
import { useSearchUi } from './page-store.ts';
import styles from './Search.module.css';

export function SearchSidebar({ slug = 'search' }: { slug?: string }) {
  const entry = useCmsEntry('sidebar', slug);
  const { placeholders } = useRuntime();
  const navigate = useNavigate();
  const { view } = useSearchUi();
  const html = typeof entry?.fields.page_text === 'string' ? entry.fields.page_text : '';
  if (!html.trim()) return null;
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    const href = anchor?.getAttribute('href') ?? '';
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (anchor && plain && href.startsWith('/') && !href.startsWith('//') && anchor.target !== '_blank') {
      event.preventDefault();
      void navigate(href);
    }
  };
  return (
    <aside
      className={`${styles.sidebar} ${view === 'map' ? styles.hiddenInMapView : ''}`}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: substitute(html, placeholders) }}
    />
  );
}
