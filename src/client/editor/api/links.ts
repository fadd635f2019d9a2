// The link picker's restaurants and earn pages (src/server/routes/cms-editor-links.ts). Site pages
// come from the partner's route table the editor already has (form/sitePages.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/api/http.ts';

export interface LinkTargets {
  merchants: Array<{ path: string; name: string; city: string }>;
  earn_pages: Array<{ path: string; title: string }>;
}

export const linkTargetsQuery = (q: string) =>
  queryOptions({
    queryKey: ['editor', 'link-targets', q] as const,
    queryFn: () => apiFetch<LinkTargets>(`/api/cms/editor/link-targets${q ? `?q=${encodeURIComponent(q)}` : ''}`),
    staleTime: 60_000,
  });

export const useLinkTargets = (q: string, enabled: boolean) => useQuery({ ...linkTargetsQuery(q), enabled });
