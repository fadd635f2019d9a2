// `npm run bench -- --only=ci-time [--reports=<folder>] [--ci-log=<file>]`: the test suite's run time
// against CI's 12-minute budget, so a slower suite is seen. Nothing is run here (a whole CI run takes
// longer than a bench); the rows read what the last run left behind:
// - each runner's wall time from its JSON report in test-results/ (Vitest, Playwright, the
//   PostgreSQL pass; tools/test-timings.ts reads them), with the report's date in the note;
// - their sum, which is less than CI's whole time (npm ci, static checks and the build come on top);
// - the `CI took N s` line `.ci/run` leaves in test-results/ci-time.txt (or --ci-log=<a saved
//   `.ci/run` output>): the figure the budget is for.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { collectTimings } from '../test-timings.ts';
import type { Row } from './row.ts';

const BUDGET_S = 12 * 60;

export function benchCiTime(root: string, args: string[]): Row[] {
  const reports = args.find((a) => a.startsWith('--reports='))?.slice('--reports='.length) ?? join(root, 'test-results');
  const ciLog = args.find((a) => a.startsWith('--ci-log='))?.slice('--ci-log='.length) ?? join(reports, 'ci-time.txt');
  const rows: Row[] = [];
  const { runners, missing } = collectTimings(reports, join(reports, '..'));
  for (const r of runners) {
    rows.push({
      measure: `ci-time ${r.label}`,
      value: `${Math.round(r.wallMs / 1000)} s`,
      budget: '-',
      pass: null,
      note: `${r.tests} tests; from ${r.report.slice(r.report.lastIndexOf('/') + 1)} run began ${r.startedAt.toISOString().slice(0, 16)}Z`,
    });
  }
  if (runners.length) {
    const total = runners.reduce((sum, r) => sum + r.wallMs, 0) / 1000;
    rows.push({
      measure: 'ci-time test runners added up',
      value: `${Math.round(total)} s`,
      budget: `<= ${BUDGET_S} s`,
      // Only a full set says anything about CI: one runner's report alone (a local run) would pass.
      pass: missing.length ? null : total <= BUDGET_S,
      note: `${runners.length} of 3 reports${missing.length ? ` (missing ${missing.join(', ')})` : ''}; CI's whole run is longer`,
    });
  } else {
    rows.push({ measure: 'ci-time test runners', value: 'no reports', budget: `<= ${BUDGET_S} s`, pass: null, note: `none in ${reports}` });
  }
  if (existsSync(ciLog)) {
    const took = /^CI took (\d+) s$/m.exec(readFileSync(ciLog, 'utf8'));
    rows.push(
      took
        ? {
            measure: 'ci-time .ci/run whole',
            value: `${took[1]} s`,
            budget: `<= ${BUDGET_S} s`,
            pass: Number(took[1]) <= BUDGET_S,
            note: `"CI took" line of ${ciLog}, written ${statSync(ciLog).mtime.toISOString().slice(0, 16)}Z`,
          }
        : {
            measure: 'ci-time .ci/run whole',
            value: 'no line',
            budget: `<= ${BUDGET_S} s`,
            pass: null,
            note: `no "CI took N s" in ${ciLog}`,
          },
    );
  }
  return rows;
}
