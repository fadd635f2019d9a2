// Partner files: host selection, hot reload, and the last valid configuration serving on when an
// edit is invalid (DESIGN §4). Runs on a copy of partners/ so edits never touch the real files.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PartnerRegistry } from '#server/partners/registry.ts';

const realPartners = resolve(import.meta.dirname, '../../partners');
/** Longer than the registry's 200 ms re-check interval. */
const RECHECK_WAIT_MS = 250;

let tmp: string;
let partnersDir: string;
let logged: string[];

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'menuboard-partners-'));
  partnersDir = join(tmp, 'partners');
  cpSync(realPartners, partnersDir, { recursive: true });
  logged = [];
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

function registry(): PartnerRegistry {
  return new PartnerRegistry({ partnersDir, defaultPartner: 'skyline', log: (line) => logged.push(line) });
}

function file(id: string, name = 'partner.json'): string {
  return join(partnersDir, id, name);
}

function readDoc(id: string, name = 'partner.json'): Record<string, unknown> {
  return JSON.parse(readFileSync(file(id, name), 'utf8')) as Record<string, unknown>;
}

function edit(id: string, change: (doc: Record<string, unknown>) => void, name = 'partner.json'): void {
  const doc = readDoc(id, name);
  change(doc);
  writeFileSync(file(id, name), JSON.stringify(doc, null, 2));
}

const settle = () => new Promise((r) => setTimeout(r, RECHECK_WAIT_MS));

describe('PartnerRegistry host selection', () => {
  it('picks the partner by <id>.localhost (with or without port), else the default', () => {
    const partners = registry();
    expect(partners.forHost('harbor.localhost:3000').id).toBe('harbor');
    expect(partners.forHost('HARBOR.localhost').id).toBe('harbor');
    expect(partners.forHost('greenleaf.localhost').config.currencyType).toBe('Dollar');
    expect(partners.forHost('localhost').id).toBe('skyline');
    expect(partners.forHost('localhost:3550').id).toBe('skyline');
    expect(partners.forHost('unknown.localhost').id).toBe('skyline');
    expect(partners.forHost('example.com').id).toBe('skyline');
    expect(partners.forHost(undefined).id).toBe('skyline');
    expect(partners.forHost('_base.localhost').id).toBe('skyline');
    expect(logged).toEqual([]);
  });

  it('serves each partner its own merged configuration and theme', () => {
    const partners = registry();
    const harbor = partners.forHost('harbor.localhost');
    expect(harbor.config.programName).toBe('Harbor Rewards Dining');
    expect(harbor.config.enrollmentType).toBe('sso');
    // From the base file, not overridden by harbor:
    expect(harbor.config.maxLinkedCards).toBe(5);
    expect(harbor.theme.colors.primary).toBe('#00585e');
    expect(partners.forHost('openplate.localhost').config.enrollmentType).toBe('none');
  });

  it('picks a partner by an extra host name from its configuration, after the edit is picked up', async () => {
    const partners = registry();
    // Asked before the edit: the default partner, and remembered as such until harbor's files change.
    expect(partners.forHost('dining.harbor.example:443').id).not.toBe('harbor');
    edit('harbor', (doc) => {
      doc.hosts = ['dining.harbor.example'];
    });
    await settle();
    expect(partners.get('harbor')?.config.hosts).toEqual(['dining.harbor.example']);
    expect(partners.forHost('dining.harbor.example:443').id).toBe('harbor');
  });

  it('refuses a default partner that does not exist', () => {
    expect(() => new PartnerRegistry({ partnersDir, defaultPartner: 'nobody', log: () => {} })).toThrow(/DEFAULT_PARTNER "nobody"/);
  });
});

describe('PartnerRegistry hot reload', () => {
  it('an edit to partner.json takes effect on the next get() after the re-check interval', async () => {
    const partners = registry();
    expect(partners.get('harbor')?.config.programName).toBe('Harbor Rewards Dining');
    edit('harbor', (doc) => {
      doc.programName = 'Harbor Table';
    });
    await settle();
    expect(partners.get('harbor')?.config.programName).toBe('Harbor Table');
    expect(partners.forHost('harbor.localhost').config.programName).toBe('Harbor Table');
    // Other partners are untouched.
    expect(partners.get('skyline')?.config.programName).toBe('Skyline SkyDining');
    expect(logged).toEqual([]);
  });

  it('an edit to the base file reaches every partner that does not override the value', async () => {
    const partners = registry();
    edit('_base', (doc) => {
      doc.maxLinkedCards = 7;
    });
    await settle();
    expect(partners.get('harbor')?.config.maxLinkedCards).toBe(7);
    // greenleaf: metro sets its own maxLinkedCards (fleet accounts link more than 12 cards).
    expect(partners.get('greenleaf')?.config.maxLinkedCards).toBe(7);
  });

  it('an invalid value is logged as file#pointer: message and the last valid bundle keeps serving; fixing it takes effect', async () => {
    const partners = registry();
    edit('harbor', (doc) => {
      doc.programName = 'Harbor Table';
    });
    await settle();
    expect(partners.get('harbor')?.config.programName).toBe('Harbor Table');

    edit('harbor', (doc) => {
      doc.programName = 'Harbor Broken';
      doc.currencyType = 'Yen';
    });
    await settle();
    const bundle = partners.forHost('harbor.localhost');
    expect(bundle.id).toBe('harbor');
    expect(bundle.config.programName).toBe('Harbor Table');
    expect(bundle.config.currencyType).toBe('Point');
    expect(logged).toEqual([
      'partners/harbor/partner.json#/currencyType: must be equal to one of the allowed values: ["Dollar","Mile","Point","Credit"]',
      'partner harbor: keeping the last valid configuration',
    ]);

    // Reported once, not on every request.
    await settle();
    partners.get('harbor');
    expect(logged).toHaveLength(2);

    edit('harbor', (doc) => {
      doc.currencyType = 'Mile';
    });
    await settle();
    expect(partners.get('harbor')?.config.currencyType).toBe('Mile');
    expect(partners.get('harbor')?.config.programName).toBe('Harbor Broken');
    expect(logged).toHaveLength(2);
  });

  it('broken JSON is reported once with the file and the parser message; the last valid bundle serves on', async () => {
    const partners = registry();
    const original = readFileSync(file('harbor'), 'utf8');
    writeFileSync(file('harbor'), original.replace('"programName"', 'programName'));
    await settle();
    expect(partners.get('harbor')?.config.programName).toBe('Harbor Rewards Dining');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/^partners\/harbor\/partner\.json#: invalid JSON: .+/);
    expect(logged[1]).toBe('partner harbor: keeping the last valid configuration');

    writeFileSync(file('harbor'), original.replace('Harbor Rewards Dining', 'Harbor Fixed'));
    await settle();
    expect(partners.get('harbor')?.config.programName).toBe('Harbor Fixed');
  });

  it('an invalid theme colour is blamed on the partner theme file at /colors/<name>', async () => {
    const partners = registry();
    edit(
      'harbor',
      (doc) => {
        (doc.colors as Record<string, string>).primary = 'red';
      },
      'theme.json',
    );
    await settle();
    expect(partners.get('harbor')?.theme.colors.primary).toBe('#00585e');
    expect(logged[0]).toBe('partners/harbor/theme.json#/colors/primary: must match pattern "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"');
  });

  it('a problem in _base is blamed on the base file, for every partner it breaks', async () => {
    const partners = registry();
    edit('_base', (doc) => {
      doc.maxLinkedCards = 0;
    });
    await settle();
    for (const id of ['greenleaf', 'harbor', 'openplate', 'skyline']) {
      expect(partners.get(id)?.config.maxLinkedCards).toBe(5);
    }
    // metro sets its own maxLinkedCards (fleet accounts link more than 12 cards), so the broken base
    // value never reaches it.
    expect(partners.get('metro')?.config.maxLinkedCards).toBe(20);
    const problems = logged.filter((line) => !line.startsWith('partner '));
    expect(new Set(problems)).toEqual(new Set(['partners/_base/partner.json#/maxLinkedCards: must be >= 1']));
    expect(problems).toHaveLength(4);
  });

  it('a required property missing from _base is blamed on the base file', async () => {
    const partners = registry();
    edit('_base', (doc) => {
      delete doc.hosts;
    });
    await settle();
    partners.get('harbor');
    expect(logged[0]).toBe('partners/_base/partner.json#: missing required property "hosts"');
  });

  it('a partner file that deletes a required property (null) is blamed, not the base', async () => {
    const partners = registry();
    edit('harbor', (doc) => {
      doc.shortCode = null;
    });
    await settle();
    partners.get('harbor');
    expect(logged[0]).toBe('partners/harbor/partner.json#: missing required property "shortCode"');
  });

  it('an unknown property is blamed on the file that has it', async () => {
    const partners = registry();
    edit('harbor', (doc) => {
      doc.colour = 'teal';
    });
    await settle();
    partners.get('harbor');
    expect(logged[0]).toBe('partners/harbor/partner.json#: unknown property "colour"');
  });

  it('broken JSON in _base blames only the base file (no cascade of missing properties)', async () => {
    const partners = registry();
    writeFileSync(file('_base', 'theme.json'), '{ "colors": ');
    await settle();
    partners.get('harbor');
    const problems = logged.filter((line) => !line.startsWith('partner '));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^partners\/_base\/theme\.json#: invalid JSON: /);
    expect(partners.get('harbor')?.theme.colors.primary).toBe('#00585e');
  });

  it('a partner invalid from the start is not served; its host falls back to the default partner', () => {
    edit('metro', (doc) => {
      doc.enrollmentType = 'fax';
    });
    const partners = registry();
    expect(logged).toContain(
      'partners/metro/partner.json#/enrollmentType: must be equal to one of the allowed values: ["direct","sso","none"]',
    );
    expect(partners.get('metro')).toBeNull();
    expect(partners.forHost('metro.localhost').id).toBe('skyline');
  });

  it('a partner overrides one default page with a merge patch; the other pages and partners keep the base', async () => {
    const partners = registry();
    const base = partners.get('harbor')?.pages;
    const login = base?.login;
    expect(login?.order.length).toBeGreaterThan(0);
    mkdirSync(join(partnersDir, 'harbor', 'pages'), { recursive: true });
    writeFileSync(join(partnersDir, 'harbor', 'pages', 'login.json'), JSON.stringify({ title: 'Sign in to Harbor Rewards' }));
    await settle();
    const pages = partners.get('harbor')?.pages;
    expect(pages?.login).toEqual({ ...login, title: 'Sign in to Harbor Rewards' });
    for (const [name, layout] of Object.entries(base ?? {})) if (name !== 'login') expect(pages?.[name]).toEqual(layout);
    expect(partners.get('skyline')?.pages.login).toEqual(login);
    expect(logged).toEqual([]);
  });

  it('an invalid page override is blamed on its file and the last valid pages keep serving', async () => {
    const partners = registry();
    const before = partners.get('harbor')?.pages;
    expect(before && Object.keys(before).length).toBeGreaterThan(0);
    const [name] = Object.keys(before ?? {});
    cpSync(join(partnersDir, '_base', 'pages'), join(partnersDir, 'harbor', 'pages'), { recursive: true });
    writeFileSync(join(partnersDir, 'harbor', 'pages', `${name}.json`), JSON.stringify({ order: 'steps' }));
    await settle();
    expect(partners.get('harbor')?.pages).toEqual(before);
    expect(logged[0]).toBe(`partners/harbor/pages/${name}.json#/order: must be array`);
  });
});
