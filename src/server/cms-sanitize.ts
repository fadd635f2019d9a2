// HTML in CMS fields is rendered as markup by the client, so the server cleans it: on write (an
// editor's draft) and again on read, because seeded or legacy rows never went through the editor.
// Allowed: basic formatting, lists, headings, links and images. Anything that runs code (script,
// style, iframe, on* handlers, javascript:/data: URLs) is removed.
import sanitizeHtml from 'sanitize-html';
import { readFileSync } from 'node:fs';
import { CMS_CONTENT_NAMES, cmsGroupOf, type CmsContentName } from '#shared/cms.ts';
import { projectFile } from './files.ts';

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

/** A path segment standing for every item of an array. */
export const EACH_ITEM = '[]';

interface SchemaNode {
  type?: unknown;
  contentMediaType?: unknown;
  $ref?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  definitions?: Record<string, SchemaNode>;
}

const readSchema = (file: URL): SchemaNode => JSON.parse(readFileSync(file, 'utf8')) as SchemaNode;

/**
 * The paths of every string marked `"contentMediaType": "text/html"` in a schema, following `$ref`s to
 * other files and into `#/definitions`. The schemas are the one list of HTML fields: a field marked
 * there is sanitised, so a new HTML field cannot be forgotten here.
 */
export function htmlFieldPaths(file: URL, read: (file: URL) => SchemaNode = readSchema): string[][] {
  const found = new Map<string, string[]>();
  const visit = (node: SchemaNode, base: URL, root: SchemaNode, path: string[], seen: ReadonlySet<string>) => {
    if (node.contentMediaType === 'text/html') found.set(JSON.stringify(path), path);
    if (typeof node.$ref === 'string') {
      // split() always yields a first element (the file, '' for a local ref).
      const [target, pointer = ''] = node.$ref.split('#') as [string, string?];
      const refFile = target ? new URL(target, base) : base;
      const key = `${refFile.href}#${pointer}`;
      // A recursive schema (a layout's nested blocks) is walked once per path.
      if (!seen.has(key)) {
        const refRoot = target ? read(refFile) : root;
        const resolved = pointer
          .split('/')
          .filter(Boolean)
          .reduce<unknown>((at, segment) => (at as Record<string, unknown> | undefined)?.[segment], refRoot);
        if (resolved) visit(resolved as SchemaNode, refFile, refRoot, path, new Set([...seen, key]));
      }
    }
    for (const [name, child] of Object.entries(node.properties ?? {})) visit(child, base, root, [...path, name], seen);
    for (const child of Array.isArray(node.items) ? node.items : node.items ? [node.items] : [])
      visit(child, base, root, [...path, EACH_ITEM], seen);
    for (const child of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) visit(child, base, root, path, seen);
  };
  const root = read(file);
  visit(root, file, root, [], new Set([file.href + '#']));
  return [...found.values()];
}

/** The schema of a group's entries (`*` is the global group). */
export const cmsSchemaFile = (contentName: CmsContentName): URL => projectFile(`schemas/cms/${cmsGroupOf(contentName)}.schema.json`);

/** Each group's HTML fields, as paths into an entry's fields, read from schemas/cms/ once. */
export const HTML_FIELDS: Readonly<Record<CmsContentName, readonly (readonly string[])[]>> = Object.fromEntries(
  CMS_CONTENT_NAMES.map((name) => [name, htmlFieldPaths(cmsSchemaFile(name))]),
) as Record<CmsContentName, string[][]>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A copy of `fields` with every HTML field of the group sanitised. Values of the wrong type are
 * left alone for schema validation to report; the input is never mutated.
 */
export function sanitizeCmsFields<T>(contentName: CmsContentName, fields: T): T {
  return sanitizeFieldsAt(fields, HTML_FIELDS[contentName]);
}

/**
 * A copy of `fields` with the strings at `paths` (segments of property names, EACH_ITEM for every
 * item of an array) sanitised; `fields` itself when nothing changed (no copy on every read).
 */
export function sanitizeFieldsAt<T>(fields: T, paths: readonly (readonly string[])[]): T {
  if (!isRecord(fields)) return fields;
  let result: unknown = fields;
  for (const path of paths) result = sanitizeAt(result, path);
  return result as T;
}

function sanitizeAt(value: unknown, path: readonly string[]): unknown {
  const [key, ...rest] = path;
  if (key === undefined) {
    if (typeof value !== 'string') return value;
    return sanitizeCmsHtml(value);
  }
  if (key === EACH_ITEM) {
    if (!Array.isArray(value)) return value;
    const items = value.map((item: unknown) => sanitizeAt(item, rest));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  if (!isRecord(value) || !(key in value)) return value;
  const inner = sanitizeAt(value[key], rest);
  return inner === value[key] ? value : { ...value, [key]: inner };
}
