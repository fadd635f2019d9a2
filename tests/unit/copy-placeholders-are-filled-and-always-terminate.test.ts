import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  copyToPlainText,
  parseCopy,
  registeredMarkIsSuperscript,
  substitute,
  substituteDeep,
  PLACEHOLDERS,
  type PlaceholderValues,
} from '#shared/copy.ts';
import { placeholders } from './core-fixtures.ts';

function values(overrides: Partial<PlaceholderValues>): PlaceholderValues {
  return { ...placeholders, ...overrides };
}

describe('substitute', () => {
  it('gives what replacing the placeholder pattern until nothing changes gives, for any text', () => {
    const pattern = new RegExp(`\\{(${PLACEHOLDERS.join('|')})\\}`, 'g');
    const naive = (text: string) => {
      let current = text;
      for (let i = 0; i < 10; i++) {
        const next = current.replace(pattern, (_, name: keyof PlaceholderValues) => placeholders[name]);
        if (next === current) break;
        current = next;
      }
      return current;
    };
    const piece = fc.constantFrom('{', '}', '{currency}', '{earnLevels}', '{programName', 'x', ' ', '{{partnerName}}', '{nope}');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(substitute(text, placeholders)).toBe(naive(text));
      }),
      { numRuns: 500 },
    );
  });

  it('replaces every known placeholder, each occurrence', () => {
    expect(substitute('Earn {currency} with {programName}. {currency}!', placeholders)).toBe('Earn miles with Skyline SkyDining. miles!');
    expect(substitute('{partnerName} {partnerNumberLabel} {currentYear} {staySignedInLabel}', placeholders)).toBe(
      'Skyline Airways SkyMiles number 2026 Keep me signed in',
    );
  });

  it('repeats until the text stops changing (earnLevels contains {currency})', () => {
    expect(substitute('Earn {earnLevels}.', placeholders)).toBe('Earn 1 miles per $2 or 5 miles per $1.');
  });

  it('follows chains several levels deep', () => {
    const chain = values({ programName: '{partnerName} Dining', partnerName: '{partnerNumberLabel} Air', partnerNumberLabel: 'Sky' });
    expect(substitute('Join {programName}', chain)).toBe('Join Sky Air Dining');
  });

  it('goes on when an inserted value completes a placeholder with the text around it', () => {
    expect(substitute('{{currency}}', values({ currency: 'programName' }))).toBe('Skyline SkyDining');
    expect(substitute('{{currency}} and {currency}', values({ currency: 'partnerName' }))).toBe('Skyline Airways and partnerName');
  });

  it('terminates on a self-reference', () => {
    const loop = values({ currency: 'more {currency}' });
    const out = substitute('{currency}', loop);
    expect(out.startsWith('more more more')).toBe(true);
    expect(out.endsWith('{currency}')).toBe(true);
  });

  it('terminates on mutual references', () => {
    const loop = values({ currency: '{programName}', programName: '{currency}' });
    expect(['{currency}', '{programName}']).toContain(substitute('{currency}', loop));
  });

  it('stays small when a value doubles itself on every pass', () => {
    const doubling = values({ currency: '{currency}{currency}{currency}' });
    const out = substitute('a {currency} b', doubling);
    expect(out.length).toBeLessThan(40_000);
    expect(out).toContain('{currency}');
  });

  it('leaves unknown placeholders and stray braces alone', () => {
    expect(substitute('{lastFour} {Currency} {currency {} {{currency}}', placeholders)).toBe('{lastFour} {Currency} {currency {} {miles}');
  });

  it('takes replacement values literally ($& and $1 are not patterns)', () => {
    expect(substitute('{currency}', values({ currency: '$& $1 $$' }))).toBe('$& $1 $$');
  });

  it('returns text without placeholders unchanged', () => {
    expect(substitute('', placeholders)).toBe('');
    expect(substitute('Plain text ®', placeholders)).toBe('Plain text ®');
  });
});

describe('substituteDeep', () => {
  it('substitutes strings in nested objects and arrays, leaving other values and the input as they are', () => {
    const input = { title: 'Earn {currency}', n: 3, on: true, none: null, list: ['{programName}', 2, { deep: '{currentYear}' }] };
    const out = substituteDeep(input, placeholders);
    expect(out).toEqual({ title: 'Earn miles', n: 3, on: true, none: null, list: ['Skyline SkyDining', 2, { deep: '2026' }] });
    expect(input.title).toBe('Earn {currency}');
    expect(substituteDeep('{currency}', placeholders)).toBe('miles');
    expect(substituteDeep(7, placeholders)).toBe(7);
  });

  it('keeps a "__proto__" key as a plain member', () => {
    const input = JSON.parse('{"__proto__": {"polluted": "{currency}"}, "a": 1}') as Record<string, unknown>;
    const out = substituteDeep(input, placeholders);
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

describe('parseCopy', () => {
  it('turns [label](link:name) into named links', () => {
    expect(parseCopy('Please [sign in](link:signIn) or [join](link:join) now.')).toEqual([
      { kind: 'text', text: 'Please ' },
      { kind: 'link', text: 'sign in', link: 'signIn' },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'join', link: 'join' },
      { kind: 'text', text: ' now.' },
    ]);
  });

  it('keeps only the label of a link with an unknown name', () => {
    expect(parseCopy('Go [there](link:nowhere).')).toEqual([
      { kind: 'text', text: 'Go ' },
      { kind: 'text', text: 'there' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves markdown that is not a named link as text', () => {
    expect(parseCopy('See [docs](https://example.com)')).toEqual([{ kind: 'text', text: 'See [docs](https://example.com)' }]);
  });

  it('splits out registered marks for superscript', () => {
    expect(parseCopy('SkyDining® with Visa®')).toEqual([
      { kind: 'text', text: 'SkyDining' },
      { kind: 'registered' },
      { kind: 'text', text: ' with Visa' },
      { kind: 'registered' },
    ]);
    expect(parseCopy('®®')).toEqual([{ kind: 'registered' }, { kind: 'registered' }]);
  });

  it('leaves the mark inline when superscript is off', () => {
    expect(parseCopy('SkyDining® [terms](link:terms)', false)).toEqual([
      { kind: 'text', text: 'SkyDining® ' },
      { kind: 'link', text: 'terms', link: 'terms' },
    ]);
  });

  it('gives nothing for empty copy', () => {
    expect(parseCopy('')).toEqual([]);
  });

  it('reduces links to labels in plain text', () => {
    expect(copyToPlainText('Please [sign in](link:signIn) to see {currency}')).toBe('Please sign in to see {currency}');
  });
});

describe('registeredMarkIsSuperscript', () => {
  it('is false when the first font of the stack is a listed brand font (any quoting or case)', () => {
    expect(registeredMarkIsSuperscript('Gotham, Helvetica, sans-serif')).toBe(false);
    expect(registeredMarkIsSuperscript("'Proxima Nova', Arial")).toBe(false);
    expect(registeredMarkIsSuperscript('"Whitney", sans-serif')).toBe(false);
    expect(registeredMarkIsSuperscript('  circular ,sans-serif')).toBe(false);
  });

  it('is true for other fonts, including a brand font that is only a fallback', () => {
    expect(registeredMarkIsSuperscript("'Avenir Next', Avenir, 'Segoe UI', Roboto, sans-serif")).toBe(true);
    expect(registeredMarkIsSuperscript('Helvetica, Gotham')).toBe(true);
    expect(registeredMarkIsSuperscript("'Gotham SSm A', Gotham")).toBe(true);
    expect(registeredMarkIsSuperscript('')).toBe(true);
  });
});
