// HTML in CMS fields is rendered as markup by the client, so the server cleans it: on write (an
// editor's draft) and again on read, because seeded or legacy rows never went through the editor.
// Allowed: basic formatting, lists, headings, links and images. Anything that runs code (script,
// style, iframe, on* handlers, javascript:/data: URLs) is removed.
import sanitizeHtml from 'sanitize-html';
import type { CmsContentName } from '#shared/cms.ts';

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sup',
  'sub',
  'mark',
  'blockquote',
  'code',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'img',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  },
  // Relative URLs (no scheme) pass; protocol-relative `//host` would leave the site, so it does not.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Content of these is never shown as text either (sanitize-html's default plus iframe/object).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      // A new tab gets no window.opener and no referrer; other targets (frames) make no sense here.
      return target === '_blank'
        ? { tagName, attribs: { ...rest, target: '_blank', rel: 'noopener noreferrer' } }
        : { tagName, attribs: rest };
    },
  },
};

export function sanitizeCmsHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Fields documented as HTML in schemas/cms/*.schema.json, as paths into an entry's fields. */
export const HTML_FIELDS: Partial<Record<CmsContentName, readonly (readonly string[])[]>> = {
  '*': [['disclaimer']],
  tier_1_activation: [['text'], ['activated_text']],
  account_center: [['referral_link', 'description']],
  earn_details: [['main_column'], ['side_column'], ['disclaimer']],
  popup: [['body_text']],
  sidebar: [['page_text']],
  legal: [['body']],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A copy of `fields` with every HTML field of the group sanitised. Values of the wrong type are
 * left alone for schema validation to report; the input is never mutated.
 */
export function sanitizeCmsFields<T>(contentName: CmsContentName, fields: T): T {
  const paths = HTML_FIELDS[contentName];
  if (!paths || !isRecord(fields)) return fields;
  let result: Record<string, unknown> = fields;
  for (const path of paths) result = sanitizeAt(result, path);
  return result as T;
}

function sanitizeAt(object: Record<string, unknown>, path: readonly string[]): Record<string, unknown> {
  const [key, ...rest] = path;
  if (key === undefined || !(key in object)) return object;
  const value = object[key];
  if (rest.length === 0) {
    if (typeof value !== 'string') return object;
    const clean = sanitizeCmsHtml(value);
    return clean === value ? object : { ...object, [key]: clean };
  }
  if (!isRecord(value)) return object;
  const inner = sanitizeAt(value, rest);
  return inner === value ? object : { ...object, [key]: inner };
}
