// The import rules of DESIGN §7 are only worth having if they cannot silently stop working: plant a
// cycle and deep imports in real files and expect `npm run lint`'s configuration to refuse them.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const tag = `planted${process.pid}`;
const planted: string[] = [];

function plant(relativePath: string, text: string): string {
  const full = join(root, relativePath);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, text);
  planted.push(full);
  return full;
}

async function ruleIdsOf(files: string[]): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`));
}

afterAll(() => {
  for (const file of planted) rmSync(file, { force: true });
  rmSync(join(root, 'src/client/lib', tag), { recursive: true, force: true });
});

describe('lint refuses what the boundaries forbid', () => {
  it('an import cycle, also through a #client alias', async () => {
    const a = plant(
      `src/client/lib/${tag}/a.ts`,
      `import { b } from '#client/lib/${tag}/b.ts';\nexport const a = (): number => b() + 1;\n`,
    );
    const b = plant(`src/client/lib/${tag}/b.ts`, `import { a } from './a.ts';\nexport const b = (): number => (a.length > 1 ? 0 : 1);\n`);
    const messages = await ruleIdsOf([a, b]);
    expect(messages.filter((m) => m.startsWith('import-x/no-cycle'))).toHaveLength(2);
  }, 180_000);

  it('a deep import into a feature from the app, and any feature import from ui/', async () => {
    const app = plant(
      `src/client/app/${tag}.ts`,
      `import { Frame } from '#client/features/frame/Frame.tsx';\nexport const frame = Frame;\n`,
    );
    const ui = plant(`src/client/ui/${tag}.ts`, `import { Frame } from '#client/features/frame/index.ts';\nexport const frame = Frame;\n`);
    const [appMessages, uiMessages] = [await ruleIdsOf([app]), await ruleIdsOf([ui])];
    expect(appMessages).toEqual([expect.stringMatching(/^no-restricted-imports: .*only through its index\.ts/)]);
    expect(uiMessages).toEqual([expect.stringMatching(/^no-restricted-imports: .*ui\/ and lib\/ import no feature/)]);
  }, 180_000);

  it("a feature reaching into another feature's files, and fetch in lib/", async () => {
    const feature = plant(
      `src/client/features/merchants/${tag}.ts`,
      `import { memberQuery } from '#client/features/session/api/member.ts';\nexport const query = memberQuery;\n`,
    );
    const lib = plant(`src/client/lib/${tag}-fetch.ts`, `export const load = (): Promise<Response> => fetch('/api/Member');\n`);
    const [featureMessages, libMessages] = [await ruleIdsOf([feature]), await ruleIdsOf([lib])];
    expect(featureMessages).toEqual([expect.stringMatching(/^no-restricted-imports: .*only through its index\.ts/)]);
    expect(libMessages).toEqual([expect.stringMatching(/^no-restricted-globals: .*call no API/)]);
  }, 180_000);

  it("react-router's own Link in member code (it brings unused framework code into the first route), not in the editor", async () => {
    const block = plant(
      `src/client/features/merchants/${tag}-link.tsx`,
      `import { Link } from 'react-router';\nexport const home = <Link to="/">Home</Link>;\n`,
    );
    const editor = plant(
      `src/client/editor/${tag}-link.tsx`,
      `import { NavLink } from 'react-router';\nexport const home = <NavLink to="/">Home</NavLink>;\n`,
    );
    const [blockMessages, editorMessages] = [await ruleIdsOf([block]), await ruleIdsOf([editor])];
    expect(blockMessages).toEqual([expect.stringMatching(/^no-restricted-imports: .*Use #client\/ui\/Link\.tsx/)]);
    expect(editorMessages).toEqual([]);
  }, 180_000);

  it('the same imports through a feature index are fine from the app', async () => {
    const app = plant(
      `src/client/app/${tag}-ok.ts`,
      `import { Frame } from '#client/features/frame/index.ts';\nexport const frame = Frame;\n`,
    );
    expect(await ruleIdsOf([app])).toEqual([]);
  }, 180_000);
});
