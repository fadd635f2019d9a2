// GET /api/SignOut (spec 000 §7): keepalive, so it completes even while the page unloads.
import type { SignOutResponse } from '#shared/generated/types.ts';
import { adoptRotatedCsrf } from '#client/api/http.ts';

export async function signOut(): Promise<SignOutResponse> {
  const response = await fetch('/api/SignOut', {
    method: 'GET',
    credentials: 'same-origin',
    keepalive: true,
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  // The CSRF token changes with the session: keep the signed-out one for the next page.
  adoptRotatedCsrf(response);
  if (!response.ok) throw new Error(response.statusText || `HTTP ${response.status}`);
  return (await response.json()) as SignOutResponse;
}
