// Where map tiles come from: one constant the map (client) and the Content-Security-Policy
// (server) both read, so changing the tile server cannot silently break the map under the CSP.

/** A standard public tile server (OpenStreetMap's, without the old a/b/c subdomains). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The CSP source (img-src) that allows a Leaflet tile URL template: its origin, with a `{s}`
 * subdomain placeholder widened to `*` (`https://{s}.tile.example.org/...` -> `https://*.tile.example.org`).
 * Null for a template that is not an absolute http(s) URL.
 */
export function tileCspSource(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const host = match[2]!.replace(/\{s\}/g, '*');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) return null;
  return `${match[1]!.toLowerCase()}://${host.toLowerCase()}`;
}
