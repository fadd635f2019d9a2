// Validation problems keyed by the JSON pointer of the field they belong to. The precompiled
// validators (src/shared/generated/validators.js, no eval: the page's CSP forbids it) report a
// missing property at its parent object; it is moved to the property itself so the message shows
// at the field an editor has to fill in.
import { problemsFrom } from '#shared/validation.ts';
import type { ValidateFn } from '#shared/generated/validators.js';
import { isSafeCmsUrl, URL_KEY } from '#shared/safe-url.ts';
import { escapeSegment } from './schema.ts';

export interface FieldProblem {
  pointer: string;
  message: string;
}

export type ProblemMap = ReadonlyMap<string, string[]>;

export function toProblemMap(problems: readonly FieldProblem[]): ProblemMap {
  const map = new Map<string, string[]>();
  for (const { pointer, message } of problems) map.set(pointer, [...(map.get(pointer) ?? []), message]);
  return map;
}

/** Puts "missing required property x" and "unknown property x" at the property's own pointer. */
export function atField(problem: FieldProblem): FieldProblem {
  const missing = /^missing required property "(.+)"$/.exec(problem.message);
  if (missing) return { pointer: `${problem.pointer}/${escapeSegment(missing[1]!)}`, message: 'is required' };
  // An emptied required text: say what to do, not the length rule.
  if (problem.message === 'must NOT have fewer than 1 characters') return { ...problem, message: 'is required' };
  return problem;
}

/** Links the server would refuse (README "Security": https, http, mailto, tel, relative only). */
function unsafeLinks(value: unknown, pointer: string, out: FieldProblem[]): void {
  if (Array.isArray(value)) value.forEach((item, i) => unsafeLinks(item, `${pointer}/${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = `${pointer}/${escapeSegment(key)}`;
      if (typeof item === 'string' && URL_KEY.test(key) && item.trim() && !isSafeCmsUrl(item)) {
        out.push({ pointer: at, message: 'must be an https, http, mailto or tel link, or a path on this site' });
      } else unsafeLinks(item, at, out);
    }
  }
}

/** Problems of a value against a precompiled validator, pointers prefixed with `base`. */
export function validateWith(validate: ValidateFn<unknown>, value: unknown, base = ''): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!validate(value)) {
    for (const { pointer, message } of problemsFrom('editor', validate.errors, base)) problems.push(atField({ pointer, message }));
  }
  unsafeLinks(value, base, problems);
  return problems;
}
