// Finds every JSON Schema of the project and names the validator and type generated from it.
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

export const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

export interface SchemaFile {
  /** Path relative to the project root. */
  file: string;
  /** The schema's $id (what other schemas $ref). */
  id: string;
  /** Exported validator name in src/shared/generated/validators.js. */
  validatorName: string;
  /** Registry block type when this is a block's props schema. */
  blockType?: string;
  schema: Record<string, unknown>;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

function pascal(words: string): string {
  return words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

export function listBlockDirs(): string[] {
  const dir = join(root, 'registry');
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory() && !name.startsWith('_'))
    .sort();
}

export function loadSchemas(): SchemaFile[] {
  const files: SchemaFile[] = [];
  for (const full of walk(join(root, 'schemas'))
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    const file = relative(root, full);
    const schema = JSON.parse(readFileSync(full, 'utf8')) as Record<string, unknown>;
    const id = String(schema.$id ?? relative(join(root, 'schemas'), full));
    const base = id.replace(/\.schema\.json$/, '');
    files.push({ file, id, validatorName: `validate${pascal(base)}`, schema });
  }
  for (const block of listBlockDirs()) {
    const full = join(root, 'registry', block, 'props.schema.json');
    if (!existsSync(full)) continue;
    const schema = JSON.parse(readFileSync(full, 'utf8')) as Record<string, unknown>;
    const id = `registry/${block}/props.schema.json`;
    schema.$id = id;
    files.push({ file: relative(root, full), id, validatorName: `validate${pascal(block)}Props`, blockType: block, schema });
  }
  return files;
}

/**
 * A block's words for the page editor, in its props schema (an annotation: validation ignores it):
 * its name, one line saying what members see, and the page kinds it belongs on (the palette offers
 * it there only; `home` and `discover` are the layouts the editor edits).
 */
// No metaSchema: one would be compiled into every generated validator's numbering; its shape is
// checked by tests/unit/block-editor-words.test.ts instead.
export const EDITOR_KEYWORD = { keyword: 'x-editor' } as const;

/** The one ajv configuration used by gen (standalone code), the server and the CLI. */
export function createAjv(schemas: SchemaFile[], standalone = false): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    code: standalone ? { source: true, esm: true, lines: false } : undefined,
  });
  addFormats(ajv);
  ajv.addKeyword(EDITOR_KEYWORD);
  for (const s of schemas) ajv.addSchema(s.schema, s.id);
  return ajv;
}
