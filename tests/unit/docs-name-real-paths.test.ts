// The docs a newcomer reads name files in backticks (`src/server/routes/cms.ts`); when a file moves,
// such a name silently points nowhere. This test reads README.md, every file under docs/ and every
// folder README, and checks that each repository path named in an inline code span exists.
//
// What counts as a path: a span without spaces that ends in a file extension we use, or has a slash
// and starts with a name the repository has (`src/...`, `routes/`, `#shared/...`), and is not a URL,
// an address path (`/api/...`), a MIME type, a package name or a list of values (so `Validate/Zip`
// and `import-x/no-cycle` are not paths). Names may hold placeholders (`partners/<id>/partner.json`,
// `{group}`) and globs (`registry/*/index.ts`), which match any one name. A path may be written from
// the repository root, or by its last segments (`app/routes.tsx`, `lazy.ts`) when some path ends that
// way under the folder that holds the README's folder (its siblings are its neighbours; the whole
// repository for README.md, docs/ and top-level folders). `#shared/...` and the other package.json
// import aliases are resolved first. Runtime folders (.gitignore's) are not checked.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/** Folders made at run time (and never committed): a doc may name them though they may not exist. */
const RUNTIME_DIRS = new Set(['node_modules', 'dist', '.data', '.outbox', 'test-results', 'playwright-report', '.bench']);
const EXTENSIONS = /\.(ts|tsx|mts|js|mjs|cjs|json|md|css|html|sql|png|svg|sh|ya?ml)$/;

/** Every file and folder of the repository, as root-relative paths (folders without a trailing slash). */
function repositoryPaths(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      if (name === '.git' || RUNTIME_DIRS.has(name)) continue;
      const path = dir ? `${dir}/${name}` : name;
      out.push(path);
      if (statSync(join(root, path)).isDirectory()) walk(path);
    }
  };
  walk('');
  return out;
}

/** README.md, docs/**\/*.md and every folder's README.md, root-relative. */
function docFiles(paths: readonly string[]): string[] {
  return paths.filter((p) => p === 'README.md' || (p.startsWith('docs/') && p.endsWith('.md')) || p.endsWith('/README.md'));
}

/** The inline code spans of a Markdown text that name repository paths (fenced blocks are examples). */
function namedPaths(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
  return spans.filter((span) => {
    if (/\s/.test(span)) return false; // a command, a header line, a sentence
    if (/^[/@-]/.test(span)) return false; // an address path, a package (@scope/name), a flag
    if (/[:,|=?&'"()]/.test(span)) return false; // URLs, node:http, lists of values, query strings
    if (/^(text|application|image|font|multipart)\//.test(span)) return false; // MIME types
    if (/^\.[a-z]+$/.test(span)) return false; // an extension on its own (`.json`)
    return span.includes('/') || EXTENSIONS.test(span);
  });
}

const aliases: [string, string][] = Object.entries(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { imports: Record<string, string> }).imports,
).map(([alias, target]) => [alias.replace(/\*$/, ''), target.replace(/^\.\//, '').replace(/\*$/, '')]);

/** A regular expression source for one name: placeholders and `*` match within a segment, `**` across them. */
function segmentsSource(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      segment === '**'
        ? '.*'
        : segment
            .split(/(<[^>]+>|\{[^}]+\}|\*|…)/)
            .map((part, i) => (i % 2 === 1 ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
            .join(''),
    )
    .join('/');
}

function resolveAlias(span: string): string {
  const name = span.replace(/^\.\//, '').replace(/\/$/, '');
  const alias = aliases.find(([prefix]) => name.startsWith(prefix));
  return alias ? alias[1] + name.slice(alias[0].length) : name;
}

/** The paths `doc` names (see the rules at the top) that do not exist. */
function missingPaths(markdown: string, doc: string, paths: readonly string[]): string[] {
  const names = new Set(paths.map((p) => p.slice(p.lastIndexOf('/') + 1)));
  // docs/ describes the whole repository; a folder README its folder and the folders beside it.
  const top = doc === 'README.md' || doc.startsWith('docs/') ? '' : dirname(dirname(doc)).replace(/^\.$/, '');
  const under = top ? paths.filter((p) => p.startsWith(`${top}/`)).map((p) => relative(top, p)) : paths;
  return namedPaths(markdown).filter((span) => {
    const name = resolveAlias(span);
    const first = name.split('/')[0]!;
    if (RUNTIME_DIRS.has(first)) return false;
    const placeholder = /[<{*…]/.test(first);
    if (name.includes('/') && !placeholder && !names.has(first) && !EXTENSIONS.test(name)) return false;
    const source = segmentsSource(name);
    if (paths.some((p) => new RegExp(`^${source}$`).test(p))) return false;
    const tail = new RegExp(`(^|/)${source}$`);
    return !under.some((p) => tail.test(p));
  });
}

describe('docs name real paths', () => {
  const paths = repositoryPaths();
  const docs = docFiles(paths);

  it('reads the README, docs/ and the folder READMEs', () => {
    expect(docs).toContain('README.md');
    expect(docs).toContain('docs/README.md');
    expect(docs).toContain('src/server/README.md');
    expect(docs).toContain('registry/README.md');
  });

  it.each(docs)('every path %s names exists', (doc) => {
    expect(missingPaths(readFileSync(join(root, doc), 'utf8'), doc, paths), `${doc} names paths that do not exist`).toEqual([]);
  });

  it('reports a path that does not exist, and accepts placeholders, globs, aliases and tails', () => {
    const markdown = [
      'Routes live in `src/server/routes/cms.ts` and `src/server/routez/cms.ts`; partners in `partners/<id>/partner.json`;',
      'blocks `registry/*/index.ts`; `#shared/copy.ts`; `#shared/copi.ts`; the router `app/routes.tsx`; `.data/pglite` at run time;',
      '`lazy.ts`, `lazzy.ts`, `srcc/server/app.ts`.',
      'Not paths: `GET /api/Member`, `/api/CSRF`, `Validate/Zip`, `application/json`, `@fastify/compress`, `1,2`, `--only=search`, `.json`.',
      '```',
      'src/not/checked/in/a/fence.ts',
      '```',
    ].join('\n');
    expect(missingPaths(markdown, 'docs/example.md', paths)).toEqual([
      'src/server/routez/cms.ts',
      '#shared/copi.ts',
      'lazzy.ts',
      'srcc/server/app.ts',
    ]);
    // A folder README's short names are read from its folder and the folders beside it only.
    expect(missingPaths('`routes/cms.ts`', 'src/server/README.md', paths)).toEqual([]);
    expect(missingPaths('`routes/cms.ts`', 'src/client/ui/README.md', paths)).toEqual(['routes/cms.ts']);
  });
});
