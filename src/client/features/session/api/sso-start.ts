// GET /api/Member/SSO/Start: an sso partner's sign-in (or join) is a navigation to its provider.

/** Where the browser goes to sign in (or join) through the sso partner's provider. */
export function ssoStartUrl(mode: 'signin' | 'join', redirect: string | null): string {
  const params = new URLSearchParams({ mode });
  if (redirect) params.set('redirect', redirect);
  return `/api/Member/SSO/Start?${params.toString()}`;
}
