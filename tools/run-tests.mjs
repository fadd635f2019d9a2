#!/usr/bin/env node
// `npm test`: Vitest (unit, component and server tests), then the production build, then
// Playwright against it. Reads both JSON reports and ends with one line CI reads:
// `N passed, N failed` (`, N skipped` when any; a crashed runner counts as one failure).
// Exits non-zero on any failure or runner crash.
//   --unit  Vitest only        --e2e  build + Playwright only
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--unit' && a !== '--e2e');
if (unknown.length || (args.includes('--unit') && args.includes('--e2e'))) {
  console.error('usage: node tools/run-tests.mjs [--unit | --e2e]');
  process.exit(2);
}
const runUnit = !args.includes('--e2e');
const runE2e = !args.includes('--unit');

const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const crashes = [];
// Test names CI prints again at its very end, where a truncated log still shows them.
const failedTests = [];
const flakyTests = [];
const namesFile = join(results, 'failed-tests.txt');
rmSync(namesFile, { force: true });

function run(label, file, runnerArgs) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(process.execPath, [join(root, file), ...runnerArgs], { cwd: root, stdio: 'inherit', env: process.env });
  if (r.error) crashes.push(`${label}: ${r.error.message}`);
  return r.status ?? 1;
}

function readReport(label, path) {
  if (!existsSync(path)) {
    crashes.push(`${label}: no report at ${path.slice(root.length + 1)}`);
    return null;
  }
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    crashes.push(`${label}: unreadable report (${error.message})`);
    return null;
  }
}

if (runUnit) {
  const report = join(results, 'unit.json');
  rmSync(report, { force: true });
  const code = run('vitest', 'node_modules/vitest/vitest.mjs', ['run', '--reporter=default', '--reporter=json', `--outputFile=${report}`]);
  const json = readReport('vitest', report);
  if (json) {
    // A test file that fails to load has no failed tests of its own; count it, or it would vanish.
    const brokenFiles = (json.testResults ?? []).filter(
      (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
    );
    for (const f of brokenFiles)
      console.error(`vitest: ${f.name.replace(`${root}/`, '')} failed to run: ${(f.message ?? '').split('\n')[0]}`);
    for (const f of json.testResults ?? [])
      for (const a of f.assertionResults ?? [])
        if (a.status === 'failed') failedTests.push(`${f.name.replace(`${root}/`, '')} > ${a.fullName ?? a.title}`);
    totals.passed += json.numPassedTests ?? 0;
    totals.failed += (json.numFailedTests ?? 0) + brokenFiles.length;
    totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    if (code !== 0 && !json.numFailedTests && !brokenFiles.length) crashes.push(`vitest exited with ${code}`);
  }
}

if (runE2e) {
  if (run('vite build', 'node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn']) !== 0) {
    crashes.push('vite build failed; browser tests not run');
  } else {
    const report = join(results, 'e2e.json');
    rmSync(report, { force: true });
    const code = run('playwright', 'node_modules/@playwright/test/cli.js', ['test']);
    const json = readReport('playwright', report);
    if (json) {
      const stats = json.stats ?? {};
      const walk = (suite, titles) => {
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests ?? []) {
            const name = `${spec.file ?? suite.file} > ${[...titles, spec.title].join(' > ')}`;
            if (t.status === 'unexpected') failedTests.push(name + whyFailed(t));
            else if (t.status === 'flaky') flakyTests.push(name + whyFailed(t));
          }
        for (const child of suite.suites ?? []) walk(child, child.title ? [...titles, child.title] : titles);
      };
      for (const suite of json.suites ?? []) walk(suite, []);
      totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
      totals.failed += stats.unexpected ?? 0;
      totals.skipped += stats.skipped ?? 0;
      // Errors outside tests (web server did not start, a spec failed to import, ...).
      for (const e of json.errors ?? []) crashes.push(`playwright: ${(e.message ?? String(e)).split('\n')[0]}`);
      if (code !== 0 && !stats.unexpected && !(json.errors ?? []).length) crashes.push(`playwright exited with ${code}`);
    }
  }
}

/**
 * The first lines of each failed attempt's error, indented under the test's name: CI shows only the
 * tail of a run, and the reason printed mid-run scrolls out of it behind the later test groups.
 */
function whyFailed(test) {
  const lines = [];
  for (const [attempt, result] of (test.results ?? []).entries()) {
    const error = result.error ?? result.errors?.[0];
    if (!error) continue;
    // eslint-disable-next-line no-control-regex -- ANSI colour codes, stripped for the plain log
    const message = (error.message ?? String(error)).replace(/\u001b\[[0-9;]*m/g, '');
    const where = error.location ? ` (${error.location.file.replace(`${root}/`, '')}:${error.location.line})` : '';
    lines.push(
      `    attempt ${attempt + 1}${where}:`,
      ...message
        .split('\n')
        .filter((l) => l.trim())
        .slice(0, 8)
        .map((l) => `      ${l}`),
    );
  }
  return lines.length ? `\n${lines.join('\n')}` : '';
}

console.log('');
const names = [...failedTests.map((n) => `failed: ${n}`), ...flakyTests.map((n) => `flaky (failed, then passed on the retry): ${n}`)];
if (names.length) {
  writeFileSync(namesFile, `${names.join('\n')}\n`);
  for (const n of names) console.log(n);
}
for (const c of crashes) console.error(`runner problem: ${c}`);
// A runner that crashed counts as a failure, so the closing line never reads "0 failed" on a failed run.
const failed = totals.failed + crashes.length;
console.log(`${totals.passed} passed, ${failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
