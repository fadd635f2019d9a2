// The one rule for where a visitor may be sent after signing in: a path on this origin, nothing else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '#shared/safe-redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps same-origin paths with their query and hash', () => {
    for (const path of [
      '/',
      '/account/overview',
      '/merchants/10006?time=19%3A00&party=2',
      '/search?q=caf%C3%A9#map',
      '/earn/how-it-works',
    ]) {
      expect(safeRedirectPath(path)).toBe(path);
    }
  });

  it('refuses other origins, schemes and anything that is not a rooted path', () => {
    for (const value of [
      'https://evil.example/',
      'javascript:alert(1)',
      '//evil.example',
      '///evil.example',
      'evil.example/x',
      'account',
      '',
      ' /account',
    ]) {
      expect(safeRedirectPath(value), value).toBeNull();
    }
  });

  it('refuses backslashes and control characters anywhere', () => {
    for (const value of ['/\\evil.example', '/a\\b', '/\t/evil.example', '/x\ny', '/x\u0000', '/x\u007f']) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('refuses the same tricks hidden behind percent-encoding, once or several times', () => {
    for (const value of [
      '/%2F%2Fevil.example',
      '/%2fevil.example',
      '/%5Cevil.example',
      '/%09/evil.example',
      '/x%00',
      '/%252F%252Fevil.example',
      '/%25252F%25252Fx',
    ]) {
      expect(safeRedirectPath(value), value).toBeNull();
    }
  });

  it('refuses malformed escapes, non-strings and overlong values', () => {
    expect(safeRedirectPath('/%E0%A4%A')).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(42)).toBeNull();
    expect(safeRedirectPath(`/${'a'.repeat(500)}`)).toBeNull();
  });

  it('whatever it lets through stays on this origin, however a browser decodes it', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.webPath(),
          fc.string().map((s) => `/${s}`),
          fc.webPath().map(encodeURIComponent),
        ),
        (value) => {
          const kept = safeRedirectPath(value);
          if (kept === null) return;
          expect(kept).toBe(value);
          let decoded = kept;
          for (let i = 0; i < 3; i += 1) {
            expect(new URL(decoded, 'https://app.invalid').origin).toBe('https://app.invalid');
            expect(decoded.startsWith('//')).toBe(false);
            expect(decoded.includes('\\')).toBe(false);
            decoded = decodeURIComponent(decoded);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
