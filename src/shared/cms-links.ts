// The one link rule of CMS content, used by the editor at the field (before the server answers) and
// by the editor API on save and publish, so a link the form accepts is a link that can go live:
//
// - `https:` / `http:` URLs that parse with a host ("https://" and "https://exa mple.com" do not);
// - `mailto:` with an address, `tel:` with a number;
// - a path beginning with `/` that the partner's route table answers (src/shared/routes.ts); a
//   merchant page (/merchants/<id>) or an earn page (/earn/<slug>) must also exist, which only the
//   server knows: it passes the sets it found, the client checks the route pattern alone.
//
// Anything else is refused: "www.skyline.example/how-it-works" (no scheme: a browser would read it
// as a path of this site and show Not Found), "earn/prize", "#top", javascript:, data:, //host.
// Image addresses (`image`, `src`) are not page links: they keep the scheme check of safe-url.ts.
import { matchRoute, type RouteEntry } from './routes.ts';
import { isSafeCmsUrl } from './safe-url.ts';
import type { CmsContentName } from './cms.ts';
import { escapePointer as escape } from './validation.ts';

/** What the rule needs to know of the partner: its routes, and what exists when the caller knows it. */
export interface LinkContext {
  routes: readonly Pick<RouteEntry, 'path' | 'caseSensitive'>[];
  /** Merchant ids that exist; absent: not checked (the client). */
  merchants?: ReadonlySet<string>;
  /** The `url` (slug) of every live earn page; absent: not checked. */
  earnPages?: ReadonlySet<string>;
}

export type LinkProblemCode =
  'not-a-link' | 'no-host' | 'bad-address' | 'unsafe' | 'unknown-page' | 'unknown-merchant' | 'unknown-earn-page';

export interface LinkProblem {
  code: LinkProblemCode;
  message: string;
}

const problem = (code: LinkProblemCode, message: string): LinkProblem => ({ code, message });

/** The path part of a site path (before ? and #). */
const pathOf = (value: string) => value.split(/[?#]/, 1)[0] ?? '';

/** A merchant id or earn slug a path names, decoded, or null. */
function segmentAfter(path: string, prefix: string): string | null {
  const match = new RegExp(`^/${prefix}/([^/]+)/?(?:Order/?)?$`, 'i').exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The merchant id of a merchant page path, or null. */
export const merchantOfPath = (value: string): string | null => segmentAfter(pathOf(value.trim()), 'merchants');

/** The earn page slug of an earn page path, or null. */
export const earnPageOfPath = (value: string): string | null => {
  const path = pathOf(value.trim());
  return /^\/earn\/[^/]+\/?$/i.test(path) ? segmentAfter(path, 'earn') : null;
};

/** Why a link cannot go live, or null when it can. An empty value is no link (required-ness is the schema's). */
export function linkProblem(value: string, context: LinkContext): LinkProblem | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  // Browsers drop tabs and newlines inside a URL ("java\tscript:"), so the scheme is read without them.
  const compact = trimmed.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (/^[/\\]{2}/.test(compact)) return problem('unsafe', 'must not start with // (that leaves this site): write https:// and the host');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme === 'https' || scheme === 'http') {
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      return problem('no-host', 'is not a web address: check for spaces or a missing host (https://example.com/…)');
    }
    // "https:example.com" parses with a host but is not what anyone meant.
    if (!url.hostname || !/^https?:\/\//i.test(trimmed)) return problem('no-host', 'needs a host after https:// (https://example.com/…)');
    if (!url.hostname.includes('.') && url.hostname !== 'localhost')
      return problem('no-host', 'needs a full host name (https://example.com/…)');
    return null;
  }
  if (scheme === 'mailto') {
    return /^mailto:[^\s@]+@[^\s@]+\.[^\s@]+/i.test(trimmed) ? null : problem('bad-address', 'needs an email address after mailto:');
  }
  if (scheme === 'tel') {
    return /^tel:\+?[0-9().\s-]*[0-9]{3}[0-9().\s-]*$/i.test(trimmed) ? null : problem('bad-address', 'needs a phone number after tel:');
  }
  if (scheme !== undefined && !/^[a-z0-9-]+\.[a-z]/i.test(compact)) {
    return problem('unsafe', 'must be an https:, http:, mailto: or tel: link, or a page of this site starting with /');
  }
  if (trimmed.startsWith('/')) {
    const path = pathOf(trimmed);
    if (!matchRoute(path, context.routes)) return problem('unknown-page', `is not a page of this site: ${path} would show Not Found`);
    const merchant = merchantOfPath(trimmed);
    if (merchant !== null && context.merchants && !context.merchants.has(merchant)) {
      return problem('unknown-merchant', `names no restaurant: there is no merchant "${merchant}"`);
    }
    const earn = earnPageOfPath(trimmed);
    if (earn !== null && context.earnPages && !context.earnPages.has(earn.toLowerCase())) {
      return problem('unknown-earn-page', `is not a live earn page: nothing is published at /earn/${earn}`);
    }
    return null;
  }
  // A host without a scheme ("www.example.com/x") is read by browsers as a path of this site.
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+([/:?#]|$)/i.test(trimmed)) {
    return problem('not-a-link', `needs https:// in front (https://${trimmed}), or it opens a missing page of this site`);
  }
  return problem('not-a-link', 'must start with https://, mailto:, tel: or / (a page of this site)');
}

/** Property names that hold a page link in CMS fields and block props. */
export const LINK_KEY = /^(url|href|link|to)$|_url$|Url$/;
/** Property names that hold an image address (the scheme check only). */
const IMAGE_KEY = /^(image|src)$|_image$|Image$/;

/** Fields named like links that are not links: earn_details' url is the slug of its /earn page. */
const NOT_LINKS: Partial<Record<CmsContentName, readonly string[]>> = { earn_details: ['/url'] };

export interface FoundLink {
  /** JSON pointer into the fields. */
  pointer: string;
  value: string;
  kind: 'link' | 'image';
}

/** Every link and image address in an entry's fields (or a layout's block props), with its pointer. */
export function linksIn(contentName: CmsContentName | null, fields: unknown): FoundLink[] {
  const skip = new Set(contentName ? (NOT_LINKS[contentName] ?? []) : []);
  const found: FoundLink[] = [];
  const walk = (value: unknown, pointer: string, depth: number): void => {
    if (depth > 40 || found.length >= 500) return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${pointer}/${i}`, depth + 1));
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      const at = `${pointer}/${escape(key)}`;
      if (typeof item === 'string') {
        if (skip.has(at)) continue;
        if (LINK_KEY.test(key)) found.push({ pointer: at, value: item, kind: 'link' });
        else if (IMAGE_KEY.test(key)) found.push({ pointer: at, value: item, kind: 'image' });
      } else walk(item, at, depth + 1);
    }
  };
  walk(fields, '', 0);
  return found;
}

/** The link problems of an entry's fields, pointers under `base`. */
export function linkProblems(
  contentName: CmsContentName | null,
  fields: unknown,
  context: LinkContext,
  base = '',
): Array<{ pointer: string; message: string; code: LinkProblemCode }> {
  const problems: Array<{ pointer: string; message: string; code: LinkProblemCode }> = [];
  for (const link of linksIn(contentName, fields)) {
    if (link.kind === 'image') {
      if (link.value.trim() && !isSafeCmsUrl(link.value)) {
        problems.push({
          pointer: base + link.pointer,
          code: 'unsafe',
          message: 'must be an https: or http: address or a path on this site',
        });
      }
      continue;
    }
    const found = linkProblem(link.value, context);
    if (found) problems.push({ pointer: base + link.pointer, ...found });
  }
  return problems;
}
