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
      'tests/unit/the-sanitiser-cleans-marked-paths-in-arrays-and-copies-only-what-changed.test.ts',
    ],
  },
  // The files below call each module directly (a small Fastify app with only the plugin under test, or
  // the functions on one migrated database per file), so a mutant costs seconds. The server tests
  // over the real routes (named in docs/mutation-testing.md) still run in `npm test`; each re-seeds an
  // app per mutant (30-70 s), too slow to run hundreds of times.
  lockout: {
    mutate: ['src/server/auth/lockout.ts'],
    tests: ['tests/server/lockout-counts-five-failures-in-thirty-minutes.test.ts'],
  },
  'editor-auth': {
    mutate: ['src/server/editor-auth.ts', 'src/server/plugins/auth.ts'],
    tests: ['tests/server/only-this-partners-members-and-editors-get-past-the-guards.test.ts'],
  },
  csrf: {
    mutate: ['src/server/plugins/csrf.ts', 'src/server/auth/same-origin.ts'],
    tests: [
      'tests/server/csrf-tokens-belong-to-one-browser-and-its-sessions.test.ts',
      'tests/unit/requests-from-other-sites-cannot-sign-out.test.ts',
    ],
  },
  sessions: {
    mutate: ['src/server/sessions.ts', 'src/server/auth/member-session.ts'],
    tests: ['tests/server/sessions-are-stored-hashed-expire-and-end-together.test.ts'],
  },
  gates: {
    mutate: ['src/server/plugins/gates.ts'],
    tests: ['tests/server/closed-partner-settings-answer-before-the-handler.test.ts'],
  },
  limits: {
    mutate: ['src/server/limits.ts'],
    tests: ['tests/server/limit-counters-count-windows-and-forget-the-oldest.test.ts'],
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
  // A mutant that stops a hook from answering (a guard that never calls done) hangs its request; the
  // covering files open their app or database within seconds, so half a minute over the measured test
  // time is a hang, not a slow machine.
  timeoutMS: Number(process.env.MUTATION_TIMEOUT_MS ?? 30_000),
  timeoutFactor: 2,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${chosen.join('+')}.json` },
  tempDirName: `.stryker-tmp/${chosen.join('+')}`,
  cleanTempDir: true,
  thresholds: { high: 90, low: 85, break: null },
};
