// The import rules of DESIGN §7 and the server's rules (src/server/README.md) are only worth having
// if they cannot silently stop working: plant a cycle, deep imports, SQL in a route, a route importing
// a route and a handler reading partner settings in real files, and expect `npm run lint`'s
// configuration to refuse them.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
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
  // The project's configuration without its type-aware rules: none of the rules planted for here
  // needs types, and building the TypeScript program for each call was most of this file's 45 s.
  const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
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

  it('a feature or block writing the member query itself; the same change through memberChanged is fine', async () => {
    const byHand = plant(
      `src/client/features/merchants/${tag}-member.ts`,
      `import { useQueryClient } from '@tanstack/react-query';\n` +
        `import { memberKey, memberQuery } from '#client/features/session/index.ts';\n` +
        `export function useForget(): () => void {\n  const client = useQueryClient();\n` +
        `  return () => {\n    client.setQueryData(memberKey, null);\n    void client.invalidateQueries({ queryKey: memberQuery.queryKey });\n  };\n}\n`,
    );
    const throughHelper = plant(
      `src/client/features/merchants/${tag}-helper.ts`,
      `import { useMemberChanged } from '#client/features/session/index.ts';\n` +
        `export function useForget(): () => void {\n  const memberChanged = useMemberChanged();\n` +
        `  return () => void memberChanged(null);\n}\n`,
    );
    const [byHandMessages, helperMessages] = [await ruleIdsOf([byHand]), await ruleIdsOf([throughHelper])];
    expect(byHandMessages).toEqual([
      expect.stringMatching(/^no-restricted-syntax: .*memberChanged/),
      expect.stringMatching(/^no-restricted-syntax: .*memberChanged/),
    ]);
    expect(helperMessages).toEqual([]);
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

  it('SQL in a route or any server module outside repos/, and the same SQL inside repos/ is fine', async () => {
    const route = plant(
      `src/server/routes/${tag}-sql.ts`,
      `import type { FastifyInstance } from 'fastify';\n` +
        `export default async function planted(app: FastifyInstance): Promise<void> {\n` +
        `  app.get('/planted', async () => (await app.db.query('select 1')).rows);\n` +
        `}\n`,
    );
    const helper = plant(
      `src/server/${tag}-sql.ts`,
      `export const text = \`delete from sessions where subject_id = $1\`;\nexport const other = 'select id from members where id = $1';\n`,
    );
    const repo = plant(
      `src/server/repos/${tag}-sql.ts`,
      `import type { Queryable } from '../db/index.ts';\n` +
        `export async function one(db: Queryable): Promise<unknown[]> {\n  return (await db.query('select id from members where id = $1', [1])).rows;\n}\n`,
    );
    const [routeMessages, helperMessages, repoMessages] = [await ruleIdsOf([route]), await ruleIdsOf([helper]), await ruleIdsOf([repo])];
    expect(routeMessages).toEqual([expect.stringMatching(/^no-restricted-syntax: SQL lives in src\/server\/repos\//)]);
    expect(helperMessages).toEqual([
      expect.stringMatching(/^no-restricted-syntax: SQL lives in src\/server\/repos\//),
      expect.stringMatching(/^no-restricted-syntax: SQL lives in src\/server\/repos\//),
    ]);
    expect(repoMessages).toEqual([]);
  }, 180_000);

  it('a route module importing another route module, by relative path or alias', async () => {
    const relative = plant(
      `src/server/routes/${tag}-import.ts`,
      `import { cardRegistrationSchema } from './cards.ts';\nexport const schema = cardRegistrationSchema;\n`,
    );
    const alias = plant(
      `src/server/routes/${tag}-alias.ts`,
      `import { SITEMAP_MAX_URLS } from '#server/routes/seo.ts';\nexport const max = SITEMAP_MAX_URLS;\n`,
    );
    const [relativeMessages, aliasMessages] = [await ruleIdsOf([relative]), await ruleIdsOf([alias])];
    expect(relativeMessages).toEqual([expect.stringMatching(/^no-restricted-imports: .*does not import another route module/)]);
    expect(aliasMessages).toEqual([expect.stringMatching(/^no-restricted-imports: .*does not import another route module/)]);
  }, 180_000);

  it("a handler reading partner settings itself, not through partners/settings.ts; the server's own app.config is fine", async () => {
    const route = plant(
      `src/server/routes/${tag}-settings.ts`,
      `import type { FastifyInstance } from 'fastify';\n` +
        `export default async function planted(app: FastifyInstance): Promise<void> {\n` +
        `  app.get('/planted', async (request) => request.partner.config.maxLinkedCards);\n` +
        `  app.get('/planted/2', async (request) => {\n    const { config } = request.partner;\n    return config.hasPPN;\n  });\n` +
        `}\n`,
    );
    const reader = plant(
      `src/server/routes/${tag}-reader.ts`,
      `import type { FastifyInstance } from 'fastify';\nimport { cardRules } from '../partners/settings.ts';\n` +
        `export default async function planted(app: FastifyInstance): Promise<void> {\n` +
        `  app.get('/planted', async (request) => ({ max: cardRules(request.partner).maxLinked, production: app.config.production }));\n` +
        `}\n`,
    );
    const [routeMessages, readerMessages] = [await ruleIdsOf([route]), await ruleIdsOf([reader])];
    // One for `request.partner.config`, one for `{ config } = request.partner`.
    expect(routeMessages).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Handlers do not read partner settings/),
      expect.stringMatching(/^no-restricted-syntax: Handlers do not read partner settings/),
    ]);
    expect(readerMessages).toEqual([]);
  }, 180_000);
});
