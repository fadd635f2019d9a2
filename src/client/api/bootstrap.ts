import { BOOTSTRAP_ELEMENT_ID, type Bootstrap } from '#shared/bootstrap.ts';
import { apiFetch } from './http.ts';

/** The bootstrap the server inlined into the page, or (dev server) fetched from /api/bootstrap. */
export async function loadBootstrap(): Promise<Bootstrap> {
  const element = document.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (element?.textContent) return JSON.parse(element.textContent) as Bootstrap;
  const preview = new URLSearchParams(window.location.search).get('preview') === '1';
  return apiFetch<Bootstrap>(`/api/bootstrap${preview ? '?preview=1' : ''}`);
}
