// Block faults in production: logged and reported to the server once per page source and pointer.
import { formatProblem, type Problem } from '#shared/validation.ts';

const reported = new Set<string>();

export function reportProblem(problem: Problem): void {
  const line = formatProblem(problem);
  if (reported.has(line)) return;
  reported.add(line);
  console.error(`[menuboard] block dropped: ${line}`);
  window.dispatchEvent(new CustomEvent('menuboard:problem', { detail: problem }));
}

/** For tests: forget what was reported. */
export function resetReported(): void {
  reported.clear();
}
