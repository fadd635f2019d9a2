// Preview mode only (loaded on demand when the page runs with drafts): takes the page editor's
// unsaved entries and member state by postMessage from the parent window of the exact same origin,
// so an edit shows in the preview frame at once, without a reload; outlines and scrolls to the block
// selected in the editor; reports clicked blocks back. (Texts edited in place are posted by
// #client/ui/EditableText.tsx.)
import type { QueryClient } from '@tanstack/react-query';
import type { CmsPagesResponse } from '#shared/generated/types.ts';
import {
  isPreviewSelected,
  isPreviewUpdate,
  PREVIEW_READY,
  PREVIEW_SELECT,
  type PreviewEvent,
  type PreviewVisitor,
} from '#shared/preview-messages.ts';
import { cmsKey } from '#client/api/cms.ts';

export function startPreviewReceiver(queryClient: QueryClient, setVisitor: (visitor: PreviewVisitor | null) => void): () => void {
  const parent = window.parent;
  if (parent === window) return () => undefined;
  const origin = window.location.origin;
  const post = (event: PreviewEvent) => parent.postMessage(event, origin);

  // The editor's selected block: outlined (CSSOM, allowed by the CSP), scrolled to when chosen.
  let selected: string | null = null;
  let marked: HTMLElement | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const mark = (scroll: boolean, tries = 10) => {
    if (retry) clearTimeout(retry);
    retry = null;
    const element = selected ? document.querySelector<HTMLElement>(`main [data-block-id="${CSS.escape(selected)}"]`) : null;
    if (marked && marked !== element) {
      marked.style.removeProperty('outline');
      marked.style.removeProperty('outline-offset');
    }
    marked = element;
    if (!element) {
      // A block just added or not loaded yet: look again shortly.
      if (selected && tries > 0) retry = setTimeout(() => mark(scroll, tries - 1), 150);
      return;
    }
    element.style.setProperty('outline', '3px solid #2f5bb7');
    element.style.setProperty('outline-offset', '-3px');
    if (scroll) element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== parent) return;
    if (isPreviewSelected(event.data)) {
      selected = event.data.blockId;
      mark(true);
      return;
    }
    if (!isPreviewUpdate(event.data)) return;
    for (const { group, slug, fields } of event.data.entries) {
      queryClient.setQueryData<CmsPagesResponse>(cmsKey(group, true), (old) => {
        if (!old) return old;
        const now = new Date().toISOString();
        const found = old.data.some((page) => page.slug === slug);
        const data = found
          ? old.data.map((page) => (page.slug === slug ? { ...page, fields } : page))
          : [...old.data, { slug, name: slug, page_type: group, published: null, updated: now, status: 'draft' as const, fields }];
        return { ...old, data };
      });
    }
    setVisitor(event.data.visitor);
    // The blocks render again: keep the selected one outlined.
    setTimeout(() => mark(false, 3), 50);
  };
  // A click on a block tells the editor which one, so it can select it in the outline.
  const onClick = (event: MouseEvent) => {
    const block = (event.target as Element | null)?.closest?.('[data-block-id]');
    const id = block?.getAttribute('data-block-id');
    if (id) post({ type: PREVIEW_SELECT, blockId: id });
  };
  window.addEventListener('message', onMessage);
  document.addEventListener('click', onClick, true);
  post({ type: PREVIEW_READY });
  return () => {
    if (retry) clearTimeout(retry);
    window.removeEventListener('message', onMessage);
    document.removeEventListener('click', onClick, true);
  };
}
