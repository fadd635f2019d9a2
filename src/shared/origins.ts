// Which origins the second-origin providers (card frame, captcha, sso) may hand data to: the app's
// own hosts, exactly http(s)://localhost or http(s)://<name>.localhost on any port, plus the
// extra host names a deployment lists.

export function isAllowedAppOrigin(origin: string, extraHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  // Only a bare origin: no path, credentials, query or trailing anything.
  if (url.origin !== origin) return false;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  return host === 'localhost' || /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.localhost$/.test(host) || extraHosts.includes(host);
}
