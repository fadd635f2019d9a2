// Response headers that make the browser enforce what the app does anyway (README "Security"):
// - every HTML page gets a strict Content-Security-Policy: scripts from this origin (plus the
//   providers origin's captcha script) and the page's inline elements, named by the SHA-256 of
//   their text (member pages: the same page is sent to every anonymous visitor, ready compressed,
//   so it cannot carry a per-response nonce) or by this response's nonce (the editor's shell);
//   no eval, no other inline script; frames, images and connections limited to
//   what the app uses; the app may not be framed by anyone (frame-ancestors 'none');
// - every response: nosniff, a referrer policy that never leaks paths to other sites, a
//   permissions policy allowing geolocation to this origin only, and HSTS when the request came
//   over HTTPS (request.protocol, which trusts X-Forwarded-Proto only from TRUST_PROXY hops).
// Our own ~small plugin rather than @fastify/helmet: the policy is built from config (providers
// origin, tile server), the nonce or hashes come from the route that wrote the HTML, and each
// header we send is one we chose and test (tests/server/pages-carry-a-strict-csp-and-only-asked-frames-are-allowed.test.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_TILE_URL, tileCspSource } from '#shared/map-tiles.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** The CSP nonce of this response, once cspNonce() made one. */
    mbCspNonce: string | null;
    /** The hash sources ('sha256-...') of this HTML response's inline elements. */
    mbCspHashes: InlineHashes | null;
    /** Same-origin framing this HTML response needs (the editor and its preview), else null. */
    mbSameOriginFrames: 'embed' | 'embedded' | null;
  }
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Geolocation for this origin only (the "Current location" search); nothing else is used. */
export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()';

/** The nonce for this response's inline elements (made on first use, 128 random bits). */
export function cspNonce(reply: FastifyReply): string {
  reply.mbCspNonce ??= randomBytes(16).toString('base64');
  return reply.mbCspNonce;
}

/** The CSP source naming exactly this inline element text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

export interface InlineHashes {
  /** The inline script elements' (the bootstrap, a JSON data block the browser never runs). */
  script: readonly string[];
  /** The inline style elements' (the partner theme). */
  style: readonly string[];
}

export interface AppCspOptions {
  nonce: string | null;
  hashes?: InlineHashes | null;
  /** The second origin: card frame, captcha (script and widget frame), survey frame. */
  providersOrigin: string;
  /** Extra image sources (the map tile server). */
  imageSources: readonly string[];
  /**
   * The page editor (/editor) frames the member app of its own origin as its live preview, so its
   * page may frame 'self' and a preview page (?preview=1, drafts shown) may be framed by 'self'.
   * Every other page keeps frame-ancestors 'none'.
   */
  sameOriginFrames?: 'embed' | 'embedded';
}

/** The app's policy for an HTML page. */
export function appCsp({ nonce, hashes, providersOrigin, imageSources, sameOriginFrames }: AppCspOptions): string {
  const nonceSource = nonce ? ` 'nonce-${nonce}'` : '';
  const scriptHashes = hashes?.script.length ? ` ${hashes.script.join(' ')}` : '';
  const styleHashes = hashes?.style.length ? ` ${hashes.style.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${nonceSource}${scriptHashes} ${providersOrigin}`,
    // Inline styles only as the theme element (its hash or nonce). React and Leaflet set `style`
    // through the DOM (CSSOM), which the CSP does not restrict, so no 'unsafe-inline' is needed.
    `style-src 'self'${nonceSource}${styleHashes}`,
    `img-src 'self' data: ${imageSources.join(' ')}`.trimEnd(),
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${sameOriginFrames === 'embed' ? "'self' " : ''}${providersOrigin}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${sameOriginFrames === 'embedded' ? "'self'" : "'none'"}`,
  ].join('; ');
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: { providersOrigin: string; hstsMaxAgeSeconds: number }) {
    const providersOrigin = originOf(opts.providersOrigin);
    // The tile server is the partner's (partner.json `map.tileUrl`) or the default one.
    const imageSourcesFor = (request: FastifyRequest): string[] => {
      const partner = (request as Partial<Pick<FastifyRequest, 'partner'>>).partner;
      const tileSource = tileCspSource(partner?.config.map?.tileUrl ?? DEFAULT_TILE_URL);
      return tileSource ? [tileSource] : [];
    };
    const hsts = opts.hstsMaxAgeSeconds > 0 ? `max-age=${opts.hstsMaxAgeSeconds}` : null;

    app.decorateReply('mbCspNonce', null);
    app.decorateReply('mbCspHashes', null);
    app.decorateReply('mbSameOriginFrames', null);
    // Callback-style: every response runs it (see app.ts).
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', REFERRER_POLICY);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      // Browsers ignore HSTS over plain HTTP, and sending it there would pin a dev host by mistake.
      if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
        reply.header(
          'content-security-policy',
          appCsp({
            nonce: reply.mbCspNonce,
            hashes: reply.mbCspHashes,
            providersOrigin,
            imageSources: imageSourcesFor(request),
            sameOriginFrames: reply.mbSameOriginFrames ?? undefined,
          }),
        );
        // For browsers older than frame-ancestors.
        reply.header('x-frame-options', reply.mbSameOriginFrames === 'embedded' ? 'SAMEORIGIN' : 'DENY');
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
