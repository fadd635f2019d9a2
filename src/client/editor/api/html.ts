// POST /api/cms/editor/preview-html: an HTML field's markup as members will get it, cleaned by the
// server's one CMS sanitiser (src/server/cms-sanitize.ts), so the editor does not ship a second one.
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '#client/api/http.ts';

export interface CleanHtml {
  html: string;
  /** The sanitiser removed something (scripts, event handlers, unsafe links, other tags). */
  changed: boolean;
}

export const cleanHtmlQuery = (html: string) =>
  queryOptions({
    queryKey: ['editor', 'clean-html', html] as const,
    queryFn: () => apiFetch<CleanHtml>('/api/cms/editor/preview-html', { method: 'POST', json: { html } }),
    staleTime: Infinity,
    gcTime: 60_000,
  });
