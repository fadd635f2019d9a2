// CMS HTML is rendered as markup, so every field a group's schema marks as HTML
// (`"contentMediaType": "text/html"` in schemas/cms/) must come out of the server's sanitiser without
// anything that runs code. The fields are found here by walking the schema files, independently of the
// server's own walk, so a field the server misses, in any group, fails this test.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CMS_CONTENT_NAMES, cmsGroupOf, type CmsContentName } from '#shared/cms.ts';
import { cmsSchemaFile, EACH_ITEM, htmlFieldPaths, sanitizeCmsFields } from '#server/cms-sanitize.ts';

const schemaUrl = (group: string) => new URL(`../../schemas/cms/${group}.schema.json`, import.meta.url);
type Node = Record<string, unknown>;
const load = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as Node;

/** Every schema node of a file with its path into the entry's fields ('[]' = each array item). */
function nodes(url: URL): Array<{ path: string[]; node: Node }> {
  const out: Array<{ path: string[]; node: Node }> = [];
  const walk = (node: Node, base: URL, root: Node, path: string[], depth: number) => {
    if (depth > 12) return;
    out.push({ path, node });
    if (typeof node.$ref === 'string') {
      const [file, pointer = ''] = node.$ref.split('#');
      const target = file ? new URL(file, base) : base;
      const targetRoot = file ? load(target) : root;
      let at: unknown = targetRoot;
      for (const seg of pointer.split('/').filter(Boolean)) at = (at as Node)[seg];
      walk(at as Node, target, targetRoot, path, depth + 1);
    }
    for (const [k, v] of Object.entries((node.properties ?? {}) as Record<string, Node>)) walk(v, base, root, [...path, k], depth + 1);
    if (node.items) walk(node.items as Node, base, root, [...path, '[]'], depth + 1);
    for (const kw of ['anyOf', 'oneOf', 'allOf']) for (const v of (node[kw] ?? []) as Node[]) walk(v, base, root, path, depth + 1);
  };
  const root = load(url);
  walk(root, url, root, [], 0);
  return out;
}

const htmlPaths = (name: CmsContentName) => {
  const seen = new Map<string, string[]>();
  for (const { path, node } of nodes(schemaUrl(cmsGroupOf(name))))
    if (node.contentMediaType === 'text/html') seen.set(path.join('/'), path);
  return [...seen.values()];
};

/** An entry with `value` at `path`, arrays holding one item. */
function entryWith(path: string[], value: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (head === '[]') return [entryWith(rest, value)];
  return { [head]: entryWith(rest, value) };
}
function valueAt(entry: unknown, path: string[]): unknown {
  return path.reduce<unknown>((at, seg) => (seg === '[]' ? (at as unknown[])[0] : (at as Node)[seg]), entry);
}

const HOSTILE =
  '<p>Kept</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">link</a>' +
  '<iframe src="https://evil.example"></iframe><p onclick="alert(4)">click</p>';

describe('HTML fields in CMS entries', () => {
  it('are marked in the schemas wherever the description says HTML (the editor and the server read the same fields)', () => {
    for (const name of CMS_CONTENT_NAMES)
      for (const { path, node } of nodes(schemaUrl(cmsGroupOf(name)))) {
        const saysHtml = /\bHTML\b/.test(String(node.description ?? '')) && !/never HTML/.test(String(node.description));
        expect(node.contentMediaType === 'text/html', `${name} ${path.join('/')}`).toBe(saysHtml);
      }
  });

  it("are exactly the server's list for every group", () => {
    const sorted = (paths: string[][]) => paths.map((p) => p.map((seg) => (seg === '[]' ? EACH_ITEM : seg)).join('/')).sort();
    for (const name of CMS_CONTENT_NAMES) expect(sorted(htmlFieldPaths(cmsSchemaFile(name))), name).toEqual(sorted(htmlPaths(name)));
  });

  it('are found through $refs, nested objects and array items', () => {
    const files: Record<string, object> = {
      'file:///s/root.json': {
        properties: {
          top: { type: 'string', contentMediaType: 'text/html' },
          plain: { type: 'string' },
          list: { type: 'array', items: { properties: { html: { contentMediaType: 'text/html' } } } },
          shared: { $ref: 'other.json#/definitions/Block' },
          local: { $ref: '#/definitions/Local' },
          either: { anyOf: [{ type: 'string', contentMediaType: 'text/html' }, { type: 'number' }] },
          self: { $ref: '#' },
        },
        definitions: { Local: { properties: { deep: { contentMediaType: 'text/html' } } } },
      },
      'file:///s/other.json': { definitions: { Block: { allOf: [{ properties: { body: { contentMediaType: 'text/html' } } }] } } },
    };
    const read = (url: URL) => {
      const found = files[url.href];
      if (!found) throw new Error(`no ${url.href}`);
      return found;
    };
    expect(htmlFieldPaths(new URL('file:///s/root.json'), read).map((p) => p.join('/'))).toEqual([
      'top',
      `list/${EACH_ITEM}/html`,
      'shared/body',
      'local/deep',
      'either',
    ]);
  });

  it('include the fields members see rendered as HTML', () => {
    // The fields the client renders with CmsHtml, as a floor: the schema walk must find at least these.
    const expected: Array<[CmsContentName, string]> = [
      ['*', 'disclaimer'],
      ['tier_1_activation', 'text'],
      ['tier_1_activation', 'activated_text'],
      ['account_center', 'referral_link/description'],
      ['earn_details', 'main_column'],
      ['earn_details', 'side_column'],
      ['earn_details', 'disclaimer'],
      ['popup', 'body_text'],
      ['sidebar', 'page_text'],
      ['legal', 'body'],
    ];
    for (const [name, path] of expected)
      expect(
        htmlPaths(name).map((p) => p.join('/')),
        name,
      ).toContain(path);
  });

  it.each(CMS_CONTENT_NAMES.filter((name) => htmlPaths(name).length > 0))(
    'lose scripts, event handlers, frames and javascript: links in every HTML field of %s',
    (name) => {
      for (const path of htmlPaths(name)) {
        const clean = valueAt(sanitizeCmsFields(name, entryWith(path, HOSTILE)), path);
        expect(clean, `${name} ${path.join('/')}`).toBe('<p>Kept</p><img src="x" /><a>link</a><p>click</p>');
      }
    },
  );

  it('leave plain-text fields as they are (the client escapes those)', () => {
    const fields = { title: 'Tom <b>&</b> Jerry', body_text: '<b>ok</b>' };
    expect(sanitizeCmsFields('popup', fields)).toEqual(fields);
  });
});
