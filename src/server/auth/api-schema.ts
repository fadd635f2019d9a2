// A schema of schemas/api for a route's response, with its relative $refs ("member.schema.json#",
// which ajv resolves against the file's $id) spelled as the ids Fastify knows ("api/member.schema.json#").
// Fastify's serializer does not resolve relative refs of shared schemas.
import { readFileSync } from 'node:fs';
import { projectFile } from '../files.ts';

const dir = projectFile('schemas/api/');

function rewrite(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewrite);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#') && !value.startsWith('api/')) out[key] = `api/${value}`;
    else out[key] = rewrite(value);
  }
  return out;
}

export function apiSchema(file: string): Record<string, unknown> {
  const { $id: _id, $schema: _schema, ...rest } = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, unknown>;
  return rewrite(rest) as Record<string, unknown>;
}
