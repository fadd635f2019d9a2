// The editor's session: GET /api/cms/editor/me, POST and DELETE /api/cms/editor/session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, HttpError } from '#client/api/http.ts';
import type { CmsEditor, CmsEditorLoginRequest } from '#shared/generated/types.ts';

/** The signed-in editor, or null when nobody is (401) or the session is another partner's (403). */
export async function fetchEditor(): Promise<CmsEditor | null> {
  try {
    return await apiFetch<CmsEditor>('/api/cms/editor/me');
  } catch (error) {
    if (error instanceof HttpError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export const editorQuery = () => queryOptions({ queryKey: ['editor', 'me'], queryFn: fetchEditor, staleTime: 60_000, retry: 1 });

export const useEditor = () => useQuery(editorQuery());

export const signIn = (body: CmsEditorLoginRequest) => apiFetch<CmsEditor>('/api/cms/editor/session', { method: 'POST', json: body });

export const signOut = () => apiFetch<null>('/api/cms/editor/session', { method: 'DELETE' });
