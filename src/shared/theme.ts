// A partner theme as CSS custom properties on :root (also used by the client when it swaps themes).
//
// Readable text is the theme system's job, not each partner's: brand colours are picked for looks,
// and a partner's accent (greenleaf's light green) or primary (openplate's orange, 4.43:1 on white)
// may not read as text. So the CSS gets colours that are guaranteed to reach WCAG AA (4.5:1):
// - `--color-primary` / `--color-accent` are fills behind `--color-on-primary` / `--color-on-accent`
//   text; a fill that does not reach 4.5:1 with its text is moved (darker or lighter) until it does.
// - `--color-primary-text` / `--color-accent-text` are the colours for *text* in the brand colour,
//   on the page background, on surfaces and on light tints of that colour (up to TINT_PERCENT %,
//   as `color-mix(in srgb, var(--color-primary) 7%, var(--color-surface))` panels use): the brand
//   colour itself when it reads there, else the nearest darker (or lighter) shade that does.
// - `text`, `muted`, `headerText` and `footerText` are checked against their backgrounds the same way.
// A colour that already reads is passed through unchanged, so most partners look exactly as written.
import type { PartnerTheme } from './generated/types.ts';

const SAFE = /^[#A-Za-z0-9 ,.'"()%-]*$/;

/** WCAG 2 AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;
/** Aimed at a little above the minimum: browsers round `color-mix()` results to whole channel values. */
const TARGET = MIN_TEXT_CONTRAST + 0.05;
/** The strongest tint of a brand colour that the stylesheets put behind text in that colour. */
export const TINT_PERCENT = 16;

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rgb / #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(parseHex(a)), luminance(parseHex(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `color-mix(in srgb, color percent%, base)`, rounded to a hex colour as browsers do. */
export function mixColors(color: string, percent: number, base: string): string {
  const [c, b] = [parseHex(color), parseHex(base)];
  return toHex(c.map((v, i) => (v * percent + b[i]! * (100 - percent)) / 100) as unknown as Rgb);
}

const worst = (color: string, backgrounds: readonly string[]) => Math.min(...backgrounds.map((bg) => contrastRatio(color, bg)));

/**
 * `color` when it reaches 4.5:1 on every background, else the least change of it towards black or
 * white (mixed in sRGB, so the hue stays) that does; black or white when nothing in between does.
 */
export function readableOn(color: string, backgrounds: readonly string[]): string {
  if (worst(color, backgrounds) >= TARGET) return color;
  let best: { color: string; step: number } | null = null;
  for (const target of ['#000000', '#ffffff']) {
    for (let step = 1; step <= 100; step++) {
      const candidate = mixColors(target, step, color);
      if (worst(candidate, backgrounds) >= TARGET) {
        if (!best || step < best.step) best = { color: candidate, step };
        break;
      }
    }
  }
  if (best) return best.color;
  return worst('#000000', backgrounds) >= worst('#ffffff', backgrounds) ? '#000000' : '#ffffff';
}

export interface ReadableColors {
  /** The theme's colours, with fills and text colours moved where they did not read. */
  colors: PartnerTheme['colors'];
  /** Brand colours for text on light backgrounds and tints. */
  primaryText: string;
  accentText: string;
}

const cache = new WeakMap<PartnerTheme['colors'], ReadableColors>();

/** The colours the stylesheets get (see the top of this file). */
export function readableColors(input: PartnerTheme['colors']): ReadableColors {
  const cached = cache.get(input);
  if (cached) return cached;
  const c = { ...input };
  // Fills first: the text-coloured variants and the tints behind them derive from the final fills.
  c.primary = readableOn(c.primary, [c.onPrimary]);
  c.accent = readableOn(c.accent, [c.onAccent]);
  c.text = readableOn(c.text, [c.background, c.surface]);
  c.muted = readableOn(c.muted, [c.background, c.surface]);
  c.headerText = readableOn(c.headerText, [c.headerBackground]);
  c.footerText = readableOn(c.footerText, [c.footerBackground]);
  const onLight = (color: string) =>
    readableOn(color, [c.background, c.surface, mixColors(color, TINT_PERCENT, c.surface), mixColors(color, TINT_PERCENT, c.background)]);
  const result = { colors: c, primaryText: onLight(c.primary), accentText: onLight(c.accent) };
  cache.set(input, result);
  return result;
}

const cssName = (name: string) => `--color-${name.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}`;

export function themeCss(theme: PartnerTheme): string {
  const vars: string[] = [];
  const { colors, primaryText, accentText } = readableColors(theme.colors);
  for (const [name, value] of Object.entries({ ...colors, primaryText, accentText })) {
    vars.push(`${cssName(name)}: ${value};`);
  }
  // Font stacks are schema-limited strings; the character check keeps CSS injection out all the same.
  if (SAFE.test(theme.font.body)) vars.push(`--font-body: ${theme.font.body};`);
  if (SAFE.test(theme.font.heading)) vars.push(`--font-heading: ${theme.font.heading};`);
  if (SAFE.test(theme.radius)) vars.push(`--radius: ${theme.radius};`);
  return `:root{${vars.join('')}}`;
}
