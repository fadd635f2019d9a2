// ESLint 9 flat config: type-aware TypeScript rules, React hooks rules, and the import boundaries
// of DESIGN §7 (which layer may import which). `npm run lint` must pass with no warnings, so rules
// that matter are errors and the rest are off.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

const TS = ['**/*.{ts,tsx,mts,cts}'];

/** no-restricted-imports for `files`: each rule is [regex on the import source, why]. */
function boundary(files, rules) {
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: rules.map(([regex, message]) => ({ regex, message })) }],
    },
  };
}

// Relative paths that climb out of a layer into another one are as forbidden as the aliases.
const up = (target) => `^(\\.\\./)+${target}(/|$)`;

const SHARED = [
  ['^#(client|server|registry)/', 'src/shared imports nothing of the project (DESIGN §7).'],
  [up('(client|server|registry)'), 'src/shared imports nothing of the project (DESIGN §7).'],
];
const CLIENT = [
  ['^#server/', 'The client never imports server code (DESIGN §7).'],
  [up('server'), 'The client never imports server code (DESIGN §7).'],
];
const SERVER = [
  ['^#(client|registry)/', 'The server never imports client or registry code (DESIGN §7).'],
  [up('(client|registry)'), 'The server never imports client or registry code (DESIGN §7).'],
];
const REGISTRY = [
  ['^#client/(?!ui/|api/)', 'Blocks import only #shared/*, #client/ui/* and #client/api/* (DESIGN §7).'],
  ['^#server/', 'Blocks import only #shared/*, #client/ui/* and #client/api/* (DESIGN §7).'],
  [up('(src|client|server)'), 'Blocks import other layers through the #shared, #client/ui and #client/api aliases.'],
];
const FEATURE = [
  ['^#client/features/', 'Features do not import each other; move shared code to #client/ui or let #client/app combine them.'],
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'src/shared/generated/**', 'test-results/**', 'playwright-report/**', '.data/**', '.outbox/**', '.bench/**'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    files: TS,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    rules: {
      // The promise rules are why lint is type-aware: an unawaited write or a promise handed to an
      // event handler fails silently at run time.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // Input checks reject control characters on purpose (/[\u0000-\u001f]/).
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `any` is allowed only with a comment saying why (README); the unsafe-* family would flag
      // every JSON.parse and ajv result, which are checked by validators instead.
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // Template literals with numbers and unions of string literals are everyday and safe.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
      // Fastify plugins and route handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      // A cast that changes nothing is harmless, and `res.json() as T` reads better than json<T>().
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Browser APIs reject with objects that are not Errors (GeolocationPositionError); passing
      // them on unchanged is right.
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      'import-x/no-duplicates': 'error',
      'import-x/first': 'error',
      'import-x/no-self-import': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // Explicit extensions resolve the same in Vite, Vitest, tsc and Node (esquery regexes
          // cannot contain "/", hence \x2F).
          selector:
            ':matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression) > Literal[value=/^(\\.{1,2}|#[a-z]+)\\x2F([^\\x2F]*\\x2F)*[^.\\x2F]+$/]',
          message: 'Project imports name the file with its extension (./Foo.tsx, #shared/copy.ts).',
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: {
      // Warnings are ignored in practice; a missing dependency is a stale-closure bug.
      'react-hooks/exhaustive-deps': 'error',
      // We do not run the React Compiler. Rules that only guard its assumptions are off (the
      // latest-ref pattern `ref.current = value` in render, writing to a passed-in holder in a test
      // spy, libraries it cannot memoize); those that catch bugs without it stay on.
      'react-hooks/refs': 'off',
      'react-hooks/immutability': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
      'react-hooks/incompatible-library': 'off',
      'react-hooks/unsupported-syntax': 'off',
      'react-hooks/gating': 'off',
      'react-hooks/config': 'off',
      // Syncing state from an external source in an effect (geolocation, storage) is legitimate.
      'react-hooks/set-state-in-effect': 'off',
      // Reading the clock in render (is a banner snoozed?) is fine without the compiler's memoizing.
      'react-hooks/purity': 'off',
    },
  },
  {
    // Plain JS (tools/*.mjs, this file) is not part of the TypeScript project.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' },
    },
  },
  {
    // Tools stringify JSON Schema values (title, $id) that are strings by the schema spec.
    files: ['tools/**'],
    rules: { '@typescript-eslint/no-base-to-string': 'off' },
  },
  {
    // Tests poke at internals and build fixtures inline.
    files: ['tests/**', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // fetch mocks stringify their RequestInfo argument; tests only ever pass strings and URLs.
      '@typescript-eslint/no-base-to-string': 'off',
      // A test component capturing a hook's value in a module variable is how hooks get tested.
      'react-hooks/globals': 'off',
      // `new Function(body)` checks that a served script parses; it never runs it.
      '@typescript-eslint/no-implied-eval': 'off',
    },
  },

  // Import boundaries (DESIGN §7). A later block replaces an earlier one's options for the same
  // file, so each block lists every restriction its files have.
  boundary(['src/shared/**'], SHARED),
  boundary(['src/client/**'], CLIENT),
  boundary(['src/server/**'], SERVER),
  boundary(['registry/**'], REGISTRY),
  // A block does not import another block: pieces two blocks share live in #client/ui.
  boundary(['registry/*/*'], [...REGISTRY, ['^\\.\\./(?!define-block\\.ts$)', 'Blocks do not import each other; move the shared piece to #client/ui (like the merchant card).']]),
  boundary(['src/client/features/**'], [...CLIENT, ...FEATURE, [up('features'), FEATURE[0][1]]]),
  // From a file directly in a feature folder, `../x/` is a sibling feature.
  boundary(['src/client/features/*/*'], [...CLIENT, ...FEATURE, [up('features'), FEATURE[0][1]], ['^\\.\\./(?!\\.)', FEATURE[0][1]]]),
);
