// The problems the page renderer reports ('menuboard:problem' events), collected per test.
import { afterEach, beforeEach, vi } from 'vitest';
import type { Problem } from '#shared/validation.ts';
import { resetReported } from '#client/page/report.ts';

/**
 * Registers hooks that empty the returned list before each test and fill it with every problem
 * reported during it. React and the reporter also log each fault; console.error is silenced.
 */
export function collectReportedProblems(): Problem[] {
  const reported: Problem[] = [];
  const onProblem = (event: Event) => reported.push((event as CustomEvent<Problem>).detail);
  beforeEach(() => {
    resetReported();
    reported.length = 0;
    window.addEventListener('menuboard:problem', onProblem);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    window.removeEventListener('menuboard:problem', onProblem);
  });
  return reported;
}
