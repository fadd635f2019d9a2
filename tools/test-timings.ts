// `npm run test:timings [-- --dir=test-results] [--top=15]`: where the test suite's time goes, read
// from the reports the last `npm test` / `.ci/run` left behind: test-results/unit.json (Vitest),
// e2e.json (Playwright) and server-pg.json (the PostgreSQL pass). Prints each runner's wall time,
// its slowest files and its slowest tests. Only reads; a missing report is named and skipped.
// `collectTimings` is shared with the bench's ci-time row (tools/bench/ci-time.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface FileTiming {
  name: string;
  ms: number;
  tests: number;
}
export interface TestTiming {
  name: string;
  ms: number;
}
export interface RunnerTiming {
  label: string;
  report: string;
  /** When the run began, from the report itself, so a reader can tell stale numbers. */
  startedAt: Date;
  wallMs: number;
  summedMs: number;
  tests: number;
  files: FileTiming[];
  fileTimeMeaning: string;
  testsByTime: TestTiming[];
}

interface VitestReport {
  startTime?: number;
  testResults?: {
    name: string;
    startTime?: number;
    endTime?: number;
    assertionResults?: { fullName?: string; title?: string; duration?: number | null }[];
  }[];
}

interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: { title: string; file?: string; tests?: { results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats?: { duration?: number; startTime?: string };
  suites?: PlaywrightSuite[];
}

const byTime = <T extends { ms: number }>(a: T, b: T) => b.ms - a.ms;

function vitestTimings(label: string, path: string, json: VitestReport, root: string): RunnerTiming {
  const files: FileTiming[] = [];
  const tests: TestTiming[] = [];
  let end = 0;
  let summed = 0;
  for (const f of json.testResults ?? []) {
    const name = relative(root, f.name);
    const asserts = f.assertionResults ?? [];
    files.push({ name, ms: (f.endTime ?? 0) - (f.startTime ?? 0), tests: asserts.length });
    end = Math.max(end, f.endTime ?? 0);
    for (const a of asserts) {
      const ms = a.duration ?? 0;
      summed += ms;
      tests.push({ name: `${name} > ${a.fullName ?? a.title ?? ''}`, ms });
    }
  }
  return {
    label,
    report: path,
    startedAt: new Date(json.startTime ?? statSync(path).mtimeMs),
    // The report's start to its last file's end; Vitest's "Duration" line also counts collection.
    wallMs: json.startTime && end ? end - json.startTime : 0,
    summedMs: summed,
    tests: tests.length,
    files: files.sort(byTime),
    fileTimeMeaning: "the file's start to end, setup and seeding included",
    testsByTime: tests.sort(byTime),
  };
}

function playwrightTimings(path: string, json: PlaywrightReport): RunnerTiming {
  const perFile = new Map<string, FileTiming>();
  const tests: TestTiming[] = [];
  let summed = 0;
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const file = spec.file ?? suite.file ?? '?';
      const entry = perFile.get(file) ?? { name: file, ms: 0, tests: 0 };
      perFile.set(file, entry);
      for (const t of spec.tests ?? []) {
        // Retries included: a retried test costs CI both runs.
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        entry.ms += ms;
        entry.tests += 1;
        summed += ms;
        tests.push({ name: `${file} > ${[...titles, spec.title].join(' > ')}`, ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of json.suites ?? []) walk(suite, []);
  return {
    label: 'playwright (browser tests)',
    report: path,
    startedAt: new Date(json.stats?.startTime ?? statSync(path).mtimeMs),
    wallMs: json.stats?.duration ?? 0,
    summedMs: summed,
    tests: tests.length,
    files: [...perFile.values()].sort(byTime),
    fileTimeMeaning: "its tests' durations added up, retries included; hooks and fixtures count in their tests",
    testsByTime: tests.sort(byTime),
  };
}

/** Every report found in `dir`, and the names of those missing. */
export function collectTimings(dir: string, root: string): { runners: RunnerTiming[]; missing: string[] } {
  const runners: RunnerTiming[] = [];
  const missing: string[] = [];
  const read = (name: string): unknown => {
    const path = join(dir, name);
    if (!existsSync(path)) {
      missing.push(name);
      return null;
    }
    return JSON.parse(readFileSync(path, 'utf8'));
  };
  const unit = read('unit.json') as VitestReport | null;
  if (unit) runners.push(vitestTimings('vitest (unit, component, server on PGlite)', join(dir, 'unit.json'), unit, root));
  const e2e = read('e2e.json') as PlaywrightReport | null;
  if (e2e) runners.push(playwrightTimings(join(dir, 'e2e.json'), e2e));
  const pg = read('server-pg.json') as VitestReport | null;
  if (pg) runners.push(vitestTimings('vitest server tests on PostgreSQL', join(dir, 'server-pg.json'), pg, root));
  return { runners, missing };
}

/** The report's checkout root: Vitest names files absolutely, from wherever the run was. */
function reportRoot(dir: string): string {
  return join(dir, '..');
}

function main(): void {
  const args = process.argv.slice(2);
  const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
  const dir = args.find((a) => a.startsWith('--dir='))?.slice('--dir='.length) ?? join(root, 'test-results');
  const topArg = Number(args.find((a) => a.startsWith('--top='))?.slice('--top='.length) ?? 15);
  const top = Number.isInteger(topArg) && topArg > 0 ? topArg : 15;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

  const { runners, missing } = collectTimings(dir, reportRoot(dir));
  for (const m of missing) console.log(`(no ${m} in ${dir})`);
  for (const r of runners) {
    console.log(`\n## ${r.label}: ${r.tests} tests in ${r.files.length} files`);
    console.log(`   wall ${s(r.wallMs)}, test time added up ${s(r.summedMs)} (run began ${r.startedAt.toISOString()})`);
    console.log(`\n   slowest files (${r.fileTimeMeaning}):`);
    for (const f of r.files.slice(0, top)) console.log(`   ${s(f.ms).padStart(9)}  ${cut(f.name, 100)} (${f.tests} tests)`);
    console.log('\n   slowest tests:');
    for (const t of r.testsByTime.slice(0, top)) console.log(`   ${s(t.ms).padStart(9)}  ${cut(t.name, 140)}`);
  }
  if (runners.length) {
    const total = runners.reduce((sum, r) => sum + r.wallMs, 0);
    console.log(
      `\nrunners' wall time added up: ${s(total)} (${(total / 60000).toFixed(1)} min); CI also spends time on npm ci, the static checks and the vite build`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
