// The sanitiser's walk over an entry (src/server/cms-sanitize.ts) on planted paths: HTML inside array
// items (no CMS schema has one today, so no real entry reaches that branch), values of the wrong
// shape left for validation, the input never changed and an entry with nothing to clean handed
// back as it is. And the schema walk on planted schemas: $refs to whole files, refs inside refs,
// tuples and refs to nothing.
import { describe, expect, it } from 'vitest';
import { EACH_ITEM, htmlFieldPaths, sanitizeCmsFields, sanitizeFieldsAt } from '#server/cms-sanitize.ts';

const DIRTY = '<p>Kept</p><script>alert(1)</script>';
const CLEAN = '<p>Kept</p>';

describe('HTML in array items', () => {
  const paths = [['list', EACH_ITEM, 'html'], ['grid', EACH_ITEM, EACH_ITEM], ['title']];

  it('is cleaned in every item, nested arrays too, leaving the other fields and the input untouched', () => {
    const input = {
      list: [{ html: DIRTY, n: 1 }, { html: CLEAN }, { other: DIRTY }],
      grid: [[DIRTY, CLEAN], [CLEAN]],
      title: DIRTY,
      plain: DIRTY,
    };
    const copy = structuredClone(input);
    const out = sanitizeFieldsAt(input, paths);
    expect(out).toStrictEqual({
      list: [{ html: CLEAN, n: 1 }, { html: CLEAN }, { other: DIRTY }],
      grid: [[CLEAN, CLEAN], [CLEAN]],
      title: CLEAN,
      plain: DIRTY,
    });
    expect(input).toStrictEqual(copy);
    // Items with nothing to clean are the same objects.
    expect(out.list[1]).toBe(input.list[1]);
    expect(out.list[2]).toBe(input.list[2]);
    expect(out.grid[1]).toBe(input.grid[1]);
  });

  it('copies nothing when nothing needs cleaning', () => {
    const input = { list: [{ html: CLEAN }, { html: '<b>x</b>' }], grid: [[CLEAN]], title: 'Plain' };
    expect(sanitizeFieldsAt(input, paths)).toBe(input);
    const popup = { title: 'T', body_text: '<p>ok</p>' };
    expect(sanitizeCmsFields('popup', popup)).toBe(popup);
  });

  it('leaves values of the wrong shape for validation to report, adding no fields', () => {
    const shapes = [
      { list: 'not a list' },
      { list: [null, 7, 'text', [DIRTY]] },
      { list: { html: DIRTY } },
      { grid: [DIRTY] },
      { title: 5 },
      {},
    ];
    for (const input of shapes) {
      const out = sanitizeFieldsAt(input, paths);
      expect(out).toBe(input);
      expect(Object.keys(out)).toEqual(Object.keys(input));
    }
    for (const notAnEntry of [null, 'text', [{ title: DIRTY }], 3]) expect(sanitizeFieldsAt(notAnEntry, paths)).toBe(notAnEntry);
    const list = [DIRTY];
    expect(sanitizeFieldsAt(list, [[EACH_ITEM]])).toBe(list);
    expect(sanitizeCmsFields('popup', [{ body_text: DIRTY }])).toStrictEqual([{ body_text: DIRTY }]);
  });
});

describe('the schema walk', () => {
  const walk = (files: Record<string, object>, start = 'file:///s/root.json') =>
    htmlFieldPaths(new URL(start), (url) => {
      const found = files[url.href];
      if (!found) throw new Error(`no ${url.href}`);
      return found;
    }).map((p) => p.join('/'));

  it('follows a $ref to a whole file, refs inside refs, and tuple items', () => {
    expect(
      walk({
        'file:///s/root.json': {
          properties: {
            whole: { $ref: 'block.json' },
            chain: { $ref: 'defs.json#/definitions/A' },
            pair: { type: 'array', items: [{ contentMediaType: 'text/html' }, { type: 'number' }] },
          },
        },
        'file:///s/block.json': { properties: { body: { contentMediaType: 'text/html' } } },
        'file:///s/defs.json': {
          definitions: {
            A: { properties: { inner: { $ref: '#/definitions/B' }, far: { $ref: 'sub/more.json#/definitions/C' } } },
            B: { properties: { html: { contentMediaType: 'text/html' } } },
          },
        },
        'file:///s/sub/more.json': { definitions: { C: { properties: { text: { contentMediaType: 'text/html' } } } } },
      }),
    ).toEqual(['whole/body', 'chain/inner/html', 'chain/far/text', `pair/${EACH_ITEM}`]);
  });

  it('walks a definition reached twice on different paths on both, a recursive one once per path, and skips refs to nothing', () => {
    expect(
      walk({
        'file:///s/root.json': {
          properties: {
            a: { $ref: '#/definitions/Html' },
            b: { $ref: '#/definitions/Html' },
            both: { anyOf: [{ contentMediaType: 'text/html' }, { oneOf: [{ contentMediaType: 'text/html' }] }] },
            missing: { $ref: '#/definitions/Nothing' },
            deeper: { $ref: '#/definitions/Nothing/properties/x' },
            tree: { $ref: '#/definitions/Tree' },
          },
          definitions: {
            Html: { contentMediaType: 'text/html' },
            Tree: { properties: { label: { contentMediaType: 'text/html' }, children: { items: { $ref: '#/definitions/Tree' } } } },
          },
        },
      }),
    ).toEqual(['a', 'b', 'both', 'tree/label']);
  });
});
