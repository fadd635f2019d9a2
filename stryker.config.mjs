// Mutation testing of the security-critical server modules (docs/mutation-testing.md). Slow, so it is
// not part of `npm test` or CI: `npm run mutate` runs every module; `MUTATE=lockout,csrf npm run mutate`
// runs some. Each module names the test files that cover it, and only those run (vitest.mutation.config.ts).

/** @type {Record<string, { mutate: string[]; tests: string[] }>} */
const MODULES = {
  sanitiser: {
    mutate: ['src/server/cms-sanitize.ts'],
    tests: [
      'tests/unit/every-html-field-the-schemas-mark-is-sanitised.test.ts',
      'tests/unit/cms-html-sanitiser-keeps-formatting-and-removes-code.test.ts',
    ],
  },
  lockout: {
    mutate: ['src/server/auth/lockout.ts'],
    tests: ['tests/server/member-sign-in-rotates-sessions-and-locks-out-guessers.test.ts'],
  },
  'editor-auth': {
    mutate: ['src/server/editor-auth.ts', 'src/server/plugins/auth.ts'],
    tests: [
      'tests/server/editors-draft-publish-and-roll-back-only-their-partners-content.test.ts',
      'tests/server/every-write-needs-the-csrf-token-and-sign-out-ends-the-session.test.ts',
    ],
  },
  csrf: {
    mutate: ['src/server/plugins/csrf.ts', 'src/server/auth/same-origin.ts'],
    tests: [
      'tests/server/every-write-needs-the-csrf-token-and-sign-out-ends-the-session.test.ts',
      'tests/server/visitors-get-a-csrf-token-flags-and-a-default-location.test.ts',
    ],
  },
  sessions: {
    mutate: ['src/server/sessions.ts', 'src/server/auth/member-session.ts'],
    tests: [
      'tests/server/another-site-cannot-sign-a-member-out-or-reuse-their-token.test.ts',
      'tests/server/every-write-needs-the-csrf-token-and-sign-out-ends-the-session.test.ts',
    ],
  },
  gates: { mutate: ['src/server/plugins/gates.ts'], tests: ['tests/server/partner-settings-close-their-calls.test.ts'] },
  limits: {
    mutate: ['src/server/limits.ts'],
    tests: [
      'tests/server/limits-hold-across-instances.test.ts',
      'tests/server/floods-of-impressions-problems-and-sign-ins-are-capped.test.ts',
    ],
  },
};

const chosen = (process.env.MUTATE ?? Object.keys(MODULES).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const unknown = chosen.filter((name) => !(name in MODULES));
if (unknown.length) throw new Error(`MUTATE names unknown modules: ${unknown.join(', ')} (known: ${Object.keys(MODULES).join(', ')})`);
const picked = chosen.map((name) => /** @type {{ mutate: string[]; tests: string[] }} */ (MODULES[name]));

// Read by vitest.mutation.config.ts in the test-runner processes Stryker starts (they inherit the env).
process.env.MUTATION_TESTS = [...new Set(picked.flatMap((m) => m.tests))].join(',');

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: picked.flatMap((m) => m.mutate),
  coverageAnalysis: 'perTest',
  // Module-level code (constants, option tables, the schema walk done at import) runs once per
  // Vitest worker, and the Vitest runner does not re-import it per mutant, so such "static" mutants
  // would all read as survivors whatever the tests do. They are left out of the score; each module's
  // rules live in functions the tests call (docs/mutation-testing.md).
  ignoreStatic: true,
  // A shared 2-core machine: one test runner at a time.
  concurrency: 1,
  timeoutMS: 120_000,
  timeoutFactor: 2,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${chosen.join('+')}.json` },
  tempDirName: `.stryker-tmp/${chosen.join('+')}`,
  cleanTempDir: true,
  thresholds: { high: 90, low: 85, break: null },
};
