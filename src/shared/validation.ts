// Turns ajv errors into the `source#/json/pointer: message` lines every tool and log prints.
import type { ValidationError } from './generated/validators.js';

export interface Problem {
  /** File path or CMS entry (e.g. `cms:skyline/home/page-layout`). */
  source: string;
  /** JSON pointer into the document, `` for the root. */
  pointer: string;
  message: string;
}

export function formatProblem(p: Problem): string {
  return `${p.source}#${p.pointer}: ${p.message}`;
}

function describe(error: ValidationError): string {
  const params = error.params;
  if (error.keyword === 'additionalProperties') return `unknown property "${String(params.additionalProperty)}"`;
  if (error.keyword === 'required') return `missing required property "${String(params.missingProperty)}"`;
  if (error.keyword === 'enum') return `${error.message ?? 'invalid'}: ${JSON.stringify(params.allowedValues)}`;
  if (error.keyword === 'const') return `must be ${JSON.stringify(params.allowedValue)}`;
  return error.message ?? `fails ${error.keyword}`;
}

/** Problems for ajv errors, one per pointer (the most specific message first). */
export function problemsFrom(source: string, errors: readonly ValidationError[] | null | undefined, basePointer = ''): Problem[] {
  if (!errors?.length) return [{ source, pointer: basePointer, message: 'is invalid' }];
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const error of errors) {
    // anyOf/oneOf summaries repeat what their branches said, as does propertyNames' own summary.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if' || error.keyword === 'propertyNames') continue;
    // ajv reports a bad property name at the parent object; point at the member itself, so a bad
    // block id is blamed on that block (`/blocks/<id>`), not on the whole `blocks` object.
    const propertyName = (error as ValidationError & { propertyName?: unknown }).propertyName;
    const pointer = typeof propertyName === 'string' ? `${error.instancePath}/${escapePointer(propertyName)}` : error.instancePath;
    const message = typeof propertyName === 'string' ? `invalid name: ${describe(error)}` : describe(error);
    const key = `${pointer}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ source, pointer: basePointer + pointer, message });
  }
  return problems.length ? problems : [{ source, pointer: basePointer, message: 'is invalid' }];
}

/** A key as a JSON Pointer segment (RFC 6901): "~" is written "~0" and "/" "~1". */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The key a JSON Pointer segment names. */
export function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The keys a JSON Pointer names, in order ("" names the whole document: no keys). */
export function pointerKeys(pointer: string): string[] {
  return pointer.split('/').slice(1).map(unescapePointer);
}
