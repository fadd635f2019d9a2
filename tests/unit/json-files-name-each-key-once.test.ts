// A key written twice in a JSON file is silently lost (JSON.parse keeps the last one): two branches
// once both added "editor.page.layout" to the base copy with different meanings, and the content list
// showed "the page layout" for every page. Every partner, schema and registry JSON file names each key
// of each object once.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '../..');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : jsonFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

/** The JSON pointers of keys an object of `text` names more than once (text is valid JSON). */
function repeatedKeys(text: string): string[] {
  let i = 0;
  const repeated: string[] = [];
  const skipSpace = () => {
    while (/\s/.test(text[i] ?? '')) i++;
  };
  const readString = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const readValue = (pointer: string): void => {
    skipSpace();
    const c = text[i];
    if (c === '{') {
      i++;
      const seen = new Set<string>();
      skipSpace();
      while (text[i] !== '}') {
        skipSpace();
        const key = readString();
        if (seen.has(key)) repeated.push(`${pointer}/${key}`);
        seen.add(key);
        skipSpace();
        i++; // ':'
        readValue(`${pointer}/${key}`);
        skipSpace();
        if (text[i] === ',') i++;
        skipSpace();
      }
      i++;
    } else if (c === '[') {
      i++;
      let n = 0;
      skipSpace();
      while (text[i] !== ']') {
        readValue(`${pointer}/${n++}`);
        skipSpace();
        if (text[i] === ',') i++;
        skipSpace();
      }
      i++;
    } else if (c === '"') {
      readString();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i] ?? '')) i++;
    }
  };
  readValue('');
  return repeated;
}

describe('JSON files', () => {
  it('finds a repeated key, however deep', () => {
    expect(repeatedKeys('{"a": 1, "b": {"c": [1, {"d": "x\\"", "d": 2}]}, "a": 3}')).toEqual(['/b/c/1/d', '/a']);
    expect(repeatedKeys('{"a": {"k": 1}, "b": {"k": 2}}')).toEqual([]);
  });

  it('name each key of each object once (partners, schemas, registry)', () => {
    const files = ['partners', 'schemas', 'registry'].flatMap((dir) => jsonFiles(join(root, dir)));
    expect(files.length).toBeGreaterThan(50);
    const problems = files.flatMap((file) => repeatedKeys(readFileSync(file, 'utf8')).map((p) => `${relative(root, file)}#${p}`));
    expect(problems).toEqual([]);
  });
});
