// The developer CLI: `validate` reports what is wrong where, `new-block` scaffolds a working block,
// `gen --check` catches stale generated code. new-block and gen run in a temporary copy of the
// project so the real registry is never touched.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectProblems } from '../../tools/validate.ts';
import { formatProblem } from '#shared/validation.ts';

const root = resolve(import.meta.dirname, '../..');
const temps: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `menuboard-${prefix}-`));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function writeJson(path: string, value: unknown): void {
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

// The children must not think they run inside this Vitest worker, and print plain text.
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS')),
  NO_COLOR: '1',
  FORCE_COLOR: '0',
};

/** Runs the CLI of a project copy the way `npm run <command>` does. */
function cli(cwd: string, ...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'tools/cli.ts', ...args], { cwd, env, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('validate', () => {
  let fixture: string;
  let registryDir: string;
  const lines = (partnersDir: string) => collectProblems({ partnersDir, registryDir }).problems.map(formatProblem);

  beforeAll(() => {
    fixture = tempDir('validate');
    cpSync(join(root, 'partners'), join(fixture, 'partners'), { recursive: true });
    // A registry of exactly one block, so what counts as "known" does not move with the real one.
    registryDir = join(fixture, 'registry');
    mkdirSync(join(registryDir, 'how-it-works'), { recursive: true });
    cpSync(join(root, 'registry/how-it-works/props.schema.json'), join(registryDir, 'how-it-works/props.schema.json'));
    cpSync(join(root, 'registry/how-it-works/index.ts'), join(registryDir, 'how-it-works/index.ts'));
  });

  it('reports unknown block types, dangling order ids, bad props and bad CMS entries with file#pointer', () => {
    const pristine = new Set(lines(join(fixture, 'partners')));

    const partners = join(fixture, 'partners');
    writeJson(join(partners, 'skyline/pages/tools-fixture.json'), {
      version: 1,
      blocks: {
        steps: { type: 'how-it-works', props: { headline: 5 } },
        mystery: { type: 'no-such-block' },
      },
      order: ['steps', 'mystery', 'ghost'],
    });
    writeJson(join(partners, 'skyline/cms/popup.json'), [{ slug: 'welcome', name: 'Welcome', fields: { title: 'Hi' } }]);
    writeJson(join(partners, 'harbor/cms/home.json'), [
      {
        slug: 'page-layout',
        name: 'Home',
        fields: {
          version: 1,
          blocks: { a: { type: 'how-it-works' }, b: { type: 'carousel-x' }, c: { type: 'cms-banner', props: { slug: 'no-such-banner' } } },
          order: ['a', 'b', 'c'],
        },
      },
      {
        slug: 'welcome',
        name: 'Welcome',
        fields: {
          category: 'earn',
          user_states: ['anonymous'],
          banner_text: [
            { type: 'title', fields: { text_desktop: 'Welcome' } },
            { type: 'marquee', fields: {} },
          ],
        },
      },
    ]);
    writeJson(join(partners, '_base/cms/weather.json'), []);
    mkdirSync(join(registryDir, 'orphan-block'));

    const added = lines(partners).filter((line) => !pristine.has(line));
    expect(added).toEqual(
      expect.arrayContaining([
        'partners/skyline/pages/tools-fixture.json#/blocks/steps/props/headline: must be string',
        'partners/skyline/pages/tools-fixture.json#/blocks/mystery/type: unknown block type "no-such-block"',
        'partners/skyline/pages/tools-fixture.json#/order/2: no block with id "ghost"',
        'partners/skyline/cms/popup.json#/0/fields: missing required property "body_text"',
        'partners/harbor/cms/home.json#/0/fields/blocks/b/type: unknown block type "carousel-x"',
        // The seed's own check, so validate fails exactly when a first start's seeding would.
        'partners/harbor/cms/home.json#/0/fields/blocks/c/props/slug: no banner "no-such-banner" in the home group',
        // (This fixture's registry has one block, so the banner block itself is unknown here.)
        'partners/harbor/cms/home.json#/0/fields/blocks/c/type: unknown block type "cms-banner"',
        expect.stringMatching(
          /^partners\/harbor\/cms\/home\.json#\/1\/fields\/banner_text\/1\/type: must be equal to one of the allowed values/,
        ),
        expect.stringMatching(/^partners\/_base\/cms\/weather\.json#: unknown CMS group "weather"/),
        'registry/orphan-block/props.schema.json#: missing: every block needs a props schema',
        'registry/orphan-block/index.ts#: missing: every block needs an index.ts exporting its defineBlock(...)',
      ]),
    );
    // Nothing else: a valid banner item (index 0) and the known block are not reported.
    expect(added, added.join('\n')).toHaveLength(11);
    rmSync(join(registryDir, 'orphan-block'), { recursive: true });
  });

  it('exits 1 and prints each problem on the CLI, with PARTNERS_DIR choosing the folder', () => {
    const dir = tempDir('validate-cli');
    cpSync(join(root, 'partners'), join(dir, 'partners'), { recursive: true });
    writeFileSync(join(dir, 'partners/metro/theme.json'), '{ not json');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'tools/cli.ts', 'validate'], {
      cwd: root,
      env: { ...env, PARTNERS_DIR: join(dir, 'partners') },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^partners\/metro\/theme\.json#: invalid JSON/m);
    expect(r.stderr).toMatch(/^validate: \d+ files checked, \d+ problems?$/m);
  });
});

describe('new-block and gen', () => {
  let project: string;

  beforeAll(() => {
    project = tempDir('project');
    for (const entry of ['schemas', 'registry', 'src', 'tools', 'partners', 'package.json', 'tsconfig.json', 'vitest.config.ts']) {
      cpSync(join(root, entry), join(project, entry), { recursive: true });
    }
    symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'));
  });

  it('refuses names that are not kebab-case or already taken, changing nothing', () => {
    const index = readFileSync(join(project, 'registry/blocks.generated.ts'), 'utf8');
    const bad = cli(project, 'new-block', 'MenuTeaser');
    expect(bad.status).toBe(2);
    expect(bad.out).toContain('not kebab-case');
    const taken = cli(project, 'new-block', 'how-it-works');
    expect(taken.status).toBe(1);
    expect(taken.out).toContain('already exists');
    expect(readFileSync(join(project, 'registry/blocks.generated.ts'), 'utf8')).toBe(index);
    expect(existsSync(join(project, 'registry/MenuTeaser'))).toBe(false);
  });

  it('scaffolds a registered block whose own test passes, with its type and validator generated', () => {
    const r = cli(project, 'new-block', 'menu-teaser');
    expect(r.out).not.toMatch(/Error/);
    expect(r.status).toBe(0);
    const dir = join(project, 'registry/menu-teaser');
    for (const file of ['props.schema.json', 'MenuTeaser.tsx', 'MenuTeaser.module.css', 'MenuTeaser.test.tsx', 'index.ts']) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    expect(JSON.parse(readFileSync(join(dir, 'props.schema.json'), 'utf8')).title).toBe('MenuTeaserProps');
    // gen registered it: the generated list of blocks imports its index.ts under its type.
    const index = readFileSync(join(project, 'registry/blocks.generated.ts'), 'utf8');
    expect(index).toContain("import menuTeaserBlock from './menu-teaser/index.ts';");
    expect(index).toMatch(/export const definitions = \{[\s\S]*'menu-teaser': menuTeaserBlock,\n[\s\S]*\} as const;/);
    expect(readFileSync(join(project, 'src/shared/generated/types.ts'), 'utf8')).toContain('export interface MenuTeaserProps');
    expect(readFileSync(join(project, 'src/shared/generated/validators.js'), 'utf8')).toContain('validateMenuTeaserProps');

    // validate sees the block as registered, and a layout may use it.
    const check = cli(project, 'validate');
    expect(check.out).not.toContain('menu-teaser');

    // The scaffolded test runs green in the copy (happy-dom, renders a heading).
    const test = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'registry/menu-teaser'], {
      cwd: project,
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(`${test.stdout}${test.stderr}`).toMatch(/Tests\s+2 passed/);
    expect(test.status).toBe(0);
  });

  it('gen is deterministic and --check fails when a schema changed', () => {
    const generated = join(project, 'src/shared/generated/types.ts');
    expect(cli(project, 'gen').status).toBe(0);
    const first = readFileSync(generated, 'utf8');
    expect(cli(project, 'gen').status).toBe(0);
    expect(readFileSync(generated, 'utf8')).toBe(first);
    expect(cli(project, 'gen', '--check').status).toBe(0);

    const schemaPath = join(project, 'registry/menu-teaser/props.schema.json');
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as { properties: Record<string, unknown> };
    schema.properties.imageUrl = { type: 'string', maxLength: 500 };
    writeFileSync(schemaPath, JSON.stringify(schema));
    const stale = cli(project, 'gen', '--check');
    expect(stale.status).toBe(1);
    expect(stale.out).toContain('src/shared/generated/types.ts');
    expect(readFileSync(generated, 'utf8')).toBe(first);
    // Runs the generator three times in child processes: slow on a loaded 2-core machine.
  }, 120_000);
});
