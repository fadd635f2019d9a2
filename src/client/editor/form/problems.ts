// Validation problems keyed by the JSON pointer of the field they belong to. The rules themselves
// are shared with the server (#shared/cms-problems.ts: the precompiled validators, no eval, since the
// page's CSP forbids it; and the link rule, #shared/cms-links.ts), so the form says at the field what
// the server would refuse on publish.
import { atField, schemaProblems, type FieldProblem } from '#shared/cms-problems.ts';

export { atField, type FieldProblem };

export type ProblemMap = ReadonlyMap<string, string[]>;

export function toProblemMap(problems: readonly FieldProblem[]): ProblemMap {
  const map = new Map<string, string[]>();
  for (const { pointer, message } of problems) {
    const known = map.get(pointer) ?? [];
    if (!known.includes(message)) map.set(pointer, [...known, message]);
  }
  return map;
}

/** Schema problems of a value against a precompiled validator, pointers prefixed with `base`. */
export const validateWith = schemaProblems;

/** One problem per field and message (the form and the server often say the same). */
export function uniqueProblems(problems: readonly FieldProblem[]): FieldProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.pointer}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether the problems named at `pointer` or inside it are the same in both maps. */
export function sameProblemsWithin(a: ProblemMap, b: ProblemMap, pointer: string): boolean {
  if (a === b) return true;
  const within = (map: ProblemMap) => [...map.keys()].filter((key) => key === pointer || key.startsWith(`${pointer}/`));
  const keys = within(a);
  if (keys.length !== within(b).length) return false;
  return keys.every((key) => {
    const [mine, theirs] = [a.get(key) ?? [], b.get(key)];
    return theirs !== undefined && theirs.length === mine.length && theirs.every((message, i) => message === mine[i]);
  });
}
