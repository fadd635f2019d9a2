// @vitest-environment happy-dom
// The client checks the bootstrap it read against the schema once the page is up, and reports each
// mismatch (a page cached before a release can carry an older shape) the way dropped blocks are
// reported: a 'menuboard:problem' event that problems.ts sends to the server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkBootstrapWhenIdle } from '#client/api/bootstrap.ts';

const good = {
  partner: { id: 'skyline', config: {}, theme: {}, copy: {} },
  cms: {},
  preview: false,
  providersOrigin: 'http://localhost:3001',
  production: true,
};

let problems: Array<{ source: string; pointer: string; message: string }>;
const listen = (event: Event) => problems.push((event as CustomEvent).detail);

beforeEach(() => {
  problems = [];
  window.addEventListener('menuboard:problem', listen);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  window.removeEventListener('menuboard:problem', listen);
  vi.restoreAllMocks();
});

describe('the bootstrap check', () => {
  it('reports nothing for a bootstrap of the current shape', async () => {
    expect(await checkBootstrapWhenIdle(good)).toBe(0);
    expect(problems).toEqual([]);
  });

  it('reports a missing or mistyped field by its pointer', async () => {
    const old = { ...good, preview: 'no', partner: { id: 'skyline', config: {}, theme: {} } };
    expect(await checkBootstrapWhenIdle(old)).toBeGreaterThan(0);
    expect(problems.every((p) => p.source === 'bootstrap')).toBe(true);
    expect(problems.map((p) => p.pointer)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/partner|^\/preview/)]));
    expect(problems.some((p) => /copy|boolean/.test(p.message))).toBe(true);
  });
});
