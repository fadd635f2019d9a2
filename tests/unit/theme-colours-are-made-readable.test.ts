// The theme system guarantees readable text (src/shared/theme.ts): whatever colours a partner's
// theme.json picks, the CSS custom properties the pages get reach WCAG AA (4.5:1) for every pair the
// stylesheets put together, and colours that already read pass through unchanged.
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PartnerTheme } from '#shared/generated/types.ts';
import { contrastRatio, MIN_TEXT_CONTRAST, mixColors, readableColors, readableOn, themeCss, TINT_PERCENT } from '#shared/theme.ts';
import { listPartnerIds, loadPartner } from '#server/partners/registry.ts';

const PARTNERS_DIR = join(import.meta.dirname, '../../partners');

/** Every text/background pair the stylesheets use, with its contrast, from the CSS the page gets. */
function pairs(theme: PartnerTheme): Array<[string, number]> {
  const vars = Object.fromEntries([...themeCss(theme).matchAll(/--color-([a-z-]+): (#[0-9a-f]{6});/g)].map((m) => [m[1]!, m[2]!]));
  const v = (name: string) => {
    const value = vars[name];
    if (!value) throw new Error(`--color-${name} missing from ${themeCss(theme)}`);
    return value;
  };
  const light = [v('background'), v('surface')];
  const on = (label: string, fg: string, bgs: string[]): Array<[string, number]> =>
    bgs.map((bg) => [`${label} ${fg} on ${bg}`, contrastRatio(fg, bg)]);
  return [
    ...on('on-primary', v('on-primary'), [v('primary')]),
    ...on('on-accent', v('on-accent'), [v('accent')]),
    ...on('text', v('text'), light),
    ...on('muted', v('muted'), light),
    ...on('header-text', v('header-text'), [v('header-background')]),
    ...on('footer-text', v('footer-text'), [v('footer-background')]),
    ...on('primary-text', v('primary-text'), [...light, ...light.map((bg) => mixColors(v('primary'), TINT_PERCENT, bg))]),
    ...on('accent-text', v('accent-text'), [...light, ...light.map((bg) => mixColors(v('accent'), TINT_PERCENT, bg))]),
  ];
}

const failing = (theme: PartnerTheme) => pairs(theme).filter(([, ratio]) => ratio < MIN_TEXT_CONTRAST);

describe('readable theme colours', () => {
  const themes = listPartnerIds(PARTNERS_DIR).map((id) => {
    const { bundle, problems } = loadPartner(PARTNERS_DIR, id);
    expect(problems).toEqual([]);
    return [id, bundle!.theme] as const;
  });

  it('covers the demo partners', () => {
    expect(themes.map(([id]) => id)).toEqual(['greenleaf', 'harbor', 'metro', 'openplate', 'skyline']);
  });

  it.each(themes)('%s: every text colour reads at 4.5:1 on its backgrounds', (_id, theme) => {
    expect(failing(theme)).toEqual([]);
  });

  it('darkens greenleaf’s light green accent for text and leaves its fill and primary alone', () => {
    const theme = themes.find(([id]) => id === 'greenleaf')![1];
    expect(contrastRatio(theme.colors.accent, theme.colors.surface)).toBeLessThan(MIN_TEXT_CONTRAST);
    const readable = readableColors(theme.colors);
    expect(readable.colors.accent).toBe(theme.colors.accent);
    expect(readable.colors.primary).toBe(theme.colors.primary);
    expect(readable.primaryText).toBe(theme.colors.primary);
    expect(contrastRatio(readable.accentText, theme.colors.surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('moves openplate’s orange only as far as white button text and orange links need', () => {
    const theme = themes.find(([id]) => id === 'openplate')![1];
    expect(contrastRatio(theme.colors.primary, theme.colors.onPrimary)).toBeLessThan(MIN_TEXT_CONTRAST);
    const readable = readableColors(theme.colors);
    const fill = contrastRatio(readable.colors.primary, theme.colors.onPrimary);
    expect(fill).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(fill).toBeLessThan(MIN_TEXT_CONTRAST + 0.2);
    expect(readable.colors.accent).toBe(theme.colors.accent);
  });

  it('passes colours that already read through unchanged', () => {
    expect(readableOn('#0b3d91', ['#ffffff', '#f7f7f5'])).toBe('#0b3d91');
    expect(readableOn('#f2f2f2', ['#1b1b1f'])).toBe('#f2f2f2');
  });

  // Pages are light (white mixes, shadows): a background and surface that differ as much as black
  // and white cannot share one text colour, and then black or white, whichever reads better, is used.
  it('holds for any colours a theme.json may hold, given light pages', () => {
    const hex = fc
      .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
      .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);
    const base = themes[0]![1];
    const colors = fc.record(
      Object.fromEntries(Object.keys(base.colors).map((k) => [k, hex])) as Record<keyof PartnerTheme['colors'], typeof hex>,
    );
    fc.assert(
      fc.property(colors, (c) => {
        fc.pre(contrastRatio(c.background, '#000000') >= 11 && contrastRatio(c.surface, '#000000') >= 11);
        expect(failing({ ...base, colors: c })).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});
