// Partner files changing under a running server: a deleted or invalid partner file keeps
// the last valid configuration serving (never the base brand) and logs the file and the reason; a
// valid edit takes effect.
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PartnerRegistry } from '#server/partners/registry.ts';
import { root } from './helpers.ts';

let dir: string;
let logs: string[];
let registry: PartnerRegistry;
let now: number;

/** Moves the registry's clock past its recheck interval, as the next page load a moment later would. */
function later(): void {
  now += 1000;
  vi.setSystemTime(now);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'menuboard-partners-'));
  cpSync(join(root, 'partners'), join(dir, 'partners'), { recursive: true });
  logs = [];
  vi.useFakeTimers({ toFake: ['Date'] });
  now = Date.now();
  registry = new PartnerRegistry({ partnersDir: join(dir, 'partners'), defaultPartner: 'skyline', log: (m) => void logs.push(m) });
});
afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

describe('partner files', () => {
  it('a deleted partner.json keeps the partner serving its last valid configuration, and says which file and why', () => {
    const before = registry.forHost('greenleaf.localhost');
    expect(before.id).toBe('greenleaf');
    unlinkSync(join(dir, 'partners/greenleaf/partner.json'));
    later();
    const after = registry.forHost('greenleaf.localhost');
    expect(after.id).toBe('greenleaf');
    expect(after.config.name).toBe(before.config.name);
    expect(after.theme).toEqual(before.theme);
    expect(logs.join('\n')).toMatch(/partners\/greenleaf\/partner\.json.*file is missing/);
    expect(logs.join('\n')).toMatch(/greenleaf: keeping the last valid configuration/);
  });

  it('an invalid partner.json (bad JSON, then a schema error) keeps the last valid configuration and logs the reason', () => {
    const file = join(dir, 'partners/metro/partner.json');
    const before = registry.forHost('metro.localhost');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, '{ "name": ');
    later();
    expect(registry.forHost('metro.localhost').config).toEqual(before.config);
    expect(logs.join('\n')).toMatch(/partners\/metro\/partner\.json#: invalid JSON/);

    logs.length = 0;
    writeFileSync(file, JSON.stringify({ ...JSON.parse(original), enrollmentType: 'sometimes' }));
    later();
    expect(registry.forHost('metro.localhost').config).toEqual(before.config);
    expect(logs.join('\n')).toMatch(/partners\/metro\/partner\.json#\/enrollmentType/);

    // A valid edit is served.
    writeFileSync(file, JSON.stringify({ ...JSON.parse(original), name: 'Metro Renamed' }));
    later();
    expect(registry.forHost('metro.localhost').config.name).toBe('Metro Renamed');
  });
});
