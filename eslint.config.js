// ESLint 9 flat config: type-aware TypeScript rules, React hooks rules, and the import boundaries
// of DESIGN §7 (which layer may import which). `npm run lint` must pass with no warnings, so rules
// that matter are errors and the rest are off.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const TS = ['**/*.{ts,tsx,mts,cts}'];

// Explicit extensions resolve the same in Vite, Vitest, tsc and Node (esquery regexes cannot
// contain "/", hence \x2F). Every block that sets no-restricted-syntax repeats it: a later block
// replaces an earlier one's options for the same file.
const IMPORT_EXTENSIONS = {
  selector:
    ':matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression) > Literal[value=/^(\\.{1,2}|#[a-z]+)\\x2F([^\\x2F]*\\x2F)*[^.\\x2F]+$/]',
  message: 'Project imports name the file with its extension (./Foo.tsx, #shared/copy.ts).',
};

// Server rules in one place (src/server/README.md, docs/decisions/2026-11-28-server-rules-in-one-place.md).
// SQL: a database call (db.query, tx.query, app.db.exec, ...) or SQL text in a string or template.
const SQL_MESSAGE = 'SQL lives in src/server/repos/: add a repository function and call it (src/server/README.md).';
const SQL_TEXT = '/^\\s*(select\\s[\\s\\S]*\\sfrom\\s|insert\\s+into\\s|update\\s+\\w+\\s+set\\s|delete\\s+from\\s)/';
const NO_SQL = [
  { selector: 'CallExpression[callee.property.name=/^(query|exec)$/][callee.object.name=/^(db|tx|client)$/]', message: SQL_MESSAGE },
  { selector: "CallExpression[callee.property.name=/^(query|exec)$/][callee.object.property.name='db']", message: SQL_MESSAGE },
  { selector: `Literal[value=${SQL_TEXT}]`, message: SQL_MESSAGE },
  { selector: `TemplateElement[value.raw=${SQL_TEXT}]`, message: SQL_MESSAGE },
];
// After a write the cached member changes only through memberChanged (src/client/features/session/api/member-changed.ts,
// docs/decisions/2026-11-28-forms-live-in-features.md); reading it (getQueryData, useQuery) is fine.
const NO_MEMBER_CACHE_WRITES = [
  {
    selector:
      "CallExpression[callee.property.name=/^(setQueryData|invalidateQueries|refetchQueries|resetQueries|removeQueries)$/] :matches(Identifier[name='memberKey'], MemberExpression[object.name='memberQuery'])",
    message:
      'Update the cached member with memberChanged / useMemberChanged (#client/features/session/index.ts), not the member query itself.',
  },
];
// A handler reads a partner's settings through src/server/partners/settings.ts (or declares a gate):
// any `.config` but the server's own `app.config`, and `{ config } = ...`.
const SETTINGS_MESSAGE =
  'Handlers do not read partner settings: declare a gate (app.requireGate/requireFlag) or use a reader of src/server/partners/settings.ts.';
const NO_PARTNER_SETTINGS = [
  { selector: "MemberExpression[property.name='config']:not([object.name='app'])", message: SETTINGS_MESSAGE },
  { selector: "VariableDeclarator:not([init.name='app']) > ObjectPattern > Property[key.name='config']", message: SETTINGS_MESSAGE },
];
// Modules that keep their own tables and are not in repos/ yet (sessions, limits, secrets, the
// lockout, nonces, the card key), the demo seed, and the stand-in providers of the second origin.
const SQL_ALLOWED = [
  'src/server/repos/**',
  'src/server/db/**',
  'src/server/seed/**',
  'src/server/providers/**',
  'src/server/sessions.ts',
  'src/server/limits.ts',
  'src/server/secrets.ts',
  'src/server/auth/lockout.ts',
  'src/server/auth/tokens.ts',
  'src/server/auth/card-keys.ts',
];

// The member app links with #client/ui/Link.tsx: react-router's Link and NavLink carry its framework
// mode's prefetch and view-transition code into the first route, even when imported by a lazy chunk.
const ROUTER_LINKS = {
  name: 'react-router',
  importNames: ['Link', 'NavLink'],
  message: "Use #client/ui/Link.tsx: react-router's Link and NavLink put unused framework code in every first route (issue 11).",
};

/**
 * no-restricted-imports for `files`: each rule is [regex on the import source, why]. `routerLinks`:
 * false where react-router's own links are fine (the page editor, its own build).
 */
function boundary(files, rules, { routerLinks = true } = {}) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: rules.map(([regex, message]) => ({ regex, message })), paths: routerLinks ? [ROUTER_LINKS] : [] },
      ],
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
  // The page editor is its own entry and build (issue 15): no member code may pull it in.
  ['^#client/editor/', 'Nothing imports the page editor: it is its own entry (src/client/editor/README.md).'],
  [up('editor'), 'Nothing imports the page editor: it is its own entry (src/client/editor/README.md).'],
];
const SERVER = [
  ['^#(client|registry)/', 'The server never imports client or registry code (DESIGN §7).'],
  [up('(client|registry)'), 'The server never imports client or registry code (DESIGN §7).'],
];
// A feature's index.ts is its only public entry: anything deeper is its own business.
const DEEP_FEATURE = ['^#client/features/[^/]+/(?!index\\.ts$)', 'Import a feature only through its index.ts (DESIGN §6-7).'];
const REGISTRY = [
  [
    '^#client/(?!ui/|lib/|runtime/|api/http\\.ts$|features/[^/]+/index\\.ts$)',
    'Blocks import only #shared/*, #client/ui/*, #client/lib/*, #client/runtime/*, apiFetch and features through their index.ts (DESIGN §7).',
  ],
  DEEP_FEATURE,
  ['^#server/', 'Blocks import only #shared/*, #client/ui/*, #client/lib/*, #client/runtime/* and features (DESIGN §7).'],
  [up('(src|client|server)'), 'Blocks import other layers through the #shared and #client aliases.'],
];
const APP = [...CLIENT, DEEP_FEATURE];
// Primitives and browser helpers know no domain and call no API; primitives may read the runtime
// context (CopyText shows the partner's copy), browser helpers not even that.
const PRIMITIVES = [
  ...CLIENT,
  ['^#client/(features|app|page|api)/', 'ui/ and lib/ import no feature, app, page or API code (DESIGN §7).'],
  [up('(features|app|page|api)'), 'ui/ and lib/ import no feature, app, page or API code (DESIGN §7).'],
];
const LIB = [
  ...PRIMITIVES,
  ['^#client/(runtime|ui)/', 'lib/ holds browser helpers: no React context or components (DESIGN §6).'],
  [up('(runtime|ui)'), 'lib/ holds browser helpers: no React context or components (DESIGN §6).'],
];
// Features import each other only through index.ts; relative paths never leave the feature folder.
const OTHER_FEATURE = 'Import another feature only through its index.ts (DESIGN §7).';
const FEATURE = [...CLIENT, DEEP_FEATURE, [up('features'), OTHER_FEATURE]];
const leavesFeature = (depth) => ['^' + '\\.\\./'.repeat(depth) + '(?!\\.)', OTHER_FEATURE];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/shared/generated/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      '.outbox/**',
      '.bench/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
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
    // Resolves the package.json "imports" aliases (#client/*, ...) as Node does, so cycles through them are seen.
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
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
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
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
      // Zero import cycles (DESIGN §7): a cycle makes load order matter and hides a missing layer.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-syntax': ['error', IMPORT_EXTENSIONS],
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
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
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
  boundary(['src/client/editor/**'], CLIENT, { routerLinks: false }),
  boundary(['src/client/app/**', 'src/client/page/**', 'src/client/main.tsx'], APP),
  boundary(['src/client/ui/**'], PRIMITIVES),
  boundary(['src/client/lib/**'], LIB),
  boundary(['src/server/**'], SERVER),
  // Route modules do not import each other: what two share lives outside routes/ (index.ts registers them all).
  {
    ...boundary(
      ['src/server/routes/**'],
      [
        ...SERVER,
        ['^\\./', 'A route module does not import another route module: move what they share out of routes/ (src/server/README.md).'],
        [
          '^(#server|(\\.\\./)+server)/routes/',
          'A route module does not import another route module: move what they share out of routes/.',
        ],
      ],
    ),
    ignores: ['src/server/routes/index.ts'],
  },
  { files: ['src/server/**/*.ts'], ignores: SQL_ALLOWED, rules: { 'no-restricted-syntax': ['error', IMPORT_EXTENSIONS, ...NO_SQL] } },
  // The handlers: route modules and the profile form's handler.
  {
    files: ['src/server/routes/**/*.ts', 'src/server/auth/profile.ts'],
    rules: { 'no-restricted-syntax': ['error', IMPORT_EXTENSIONS, ...NO_SQL, ...NO_PARTNER_SETTINGS] },
  },
  boundary(['registry/**'], REGISTRY),
  // A block does not import another block: pieces two blocks share live in #client/ui.
  boundary(
    ['registry/*/*'],
    [
      ...REGISTRY,
      ['^\\.\\./(?!define-block\\.ts$)', 'Blocks do not import each other; move the shared piece to #client/ui (like the merchant card).'],
    ],
  ),
  boundary(['src/client/features/**'], FEATURE),
  // From a file directly in a feature folder `../x/` is another feature; one level down, `../../x/`.
  boundary(['src/client/features/*/*'], [...FEATURE, leavesFeature(1)]),
  boundary(['src/client/features/*/*/*'], [...FEATURE, leavesFeature(2)]),
  boundary(['src/client/features/*/*/*/*'], [...FEATURE, leavesFeature(3)]),
  {
    // The app's bootstrap seeds the member once; memberChanged itself is the one writer.
    files: ['src/client/**/*.{ts,tsx}', 'registry/**/*.{ts,tsx}'],
    ignores: ['src/client/features/session/api/member-changed.ts', 'src/client/app/App.tsx', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', IMPORT_EXTENSIONS, ...NO_MEMBER_CACHE_WRITES] },
  },
  {
    files: ['src/client/ui/**', 'src/client/lib/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'ui/ and lib/ call no API; a feature owns its calls (DESIGN §6).' }],
    },
  },
);
