// Generated merchant art (offline stand-in for photography): one SVG per merchant and variant,
// a coloured table scene with the merchant's primary cuisine as the dish. Deterministic: the same
// merchant and variant always give the same bytes, so the images can be cached for a long time.
import { createRng, hashString, type Rng } from '../seed/data/random.ts';
import { CUISINE_PROFILES, type Cuisine } from '../seed/data/cuisines.ts';
import { MOTIFS, leaf, type MotifName } from './motifs.ts';
import { escapeHtml } from '#shared/html.ts';

export const ART_VARIANTS = ['promo', 'logo', 'menu1', 'menu2', 'menu3'] as const;
export type ArtVariant = (typeof ART_VARIANTS)[number];

export function isArtVariant(value: string): value is ArtVariant {
  return (ART_VARIANTS as readonly string[]).includes(value);
}

type PatternName = 'dots' | 'gingham' | 'stripes' | 'waves' | 'zigzag' | 'tiles' | 'lattice' | 'leaves';
type Garnish = 'leaf' | 'dot' | 'chili' | 'grain' | 'bean';

interface Style {
  motif: MotifName;
  /** Background gradient, top-left to bottom-right. */
  bg: readonly [string, string];
  pattern: PatternName;
  /** Colour of the pattern lines (drawn translucent). */
  ink: string;
  garnish: Garnish;
  accent: string;
  /** Logo lettering style. */
  serif: boolean;
}

const STYLES: Readonly<Record<Cuisine, Style>> = {
  American: {
    motif: 'burger',
    bg: ['#1d3557', '#457b9d'],
    pattern: 'stripes',
    ink: '#f1faee',
    garnish: 'dot',
    accent: '#e63946',
    serif: false,
  },
  Italian: {
    motif: 'pasta',
    bg: ['#fbf3e4', '#f1d9b5'],
    pattern: 'gingham',
    ink: '#c0392b',
    garnish: 'leaf',
    accent: '#2e7d32',
    serif: true,
  },
  Pizza: { motif: 'pizza', bg: ['#f6e7cb', '#f3c98b'], pattern: 'dots', ink: '#c0392b', garnish: 'leaf', accent: '#a4243b', serif: false },
  Japanese: {
    motif: 'sushi',
    bg: ['#1e2a3a', '#3e5c76'],
    pattern: 'waves',
    ink: '#ffffff',
    garnish: 'dot',
    accent: '#f4d35e',
    serif: true,
  },
  Sushi: { motif: 'sushi', bg: ['#0d3b66', '#1d5c8c'], pattern: 'waves', ink: '#ffffff', garnish: 'dot', accent: '#f08a5d', serif: false },
  Ramen: { motif: 'ramen', bg: ['#7a1f1f', '#b23a2e'], pattern: 'waves', ink: '#f4d35e', garnish: 'dot', accent: '#f4d35e', serif: false },
  Chinese: {
    motif: 'dumplings',
    bg: ['#8d0801', '#bf0603'],
    pattern: 'lattice',
    ink: '#f4d58d',
    garnish: 'dot',
    accent: '#f4d58d',
    serif: true,
  },
  'Dim Sum': {
    motif: 'dumplings',
    bg: ['#0f5257', '#1b7f79'],
    pattern: 'lattice',
    ink: '#f4d58d',
    garnish: 'leaf',
    accent: '#f4d58d',
    serif: true,
  },
  Thai: {
    motif: 'curryBowl',
    bg: ['#f2e8cf', '#a7c957'],
    pattern: 'leaves',
    ink: '#386641',
    garnish: 'chili',
    accent: '#bc4749',
    serif: false,
  },
  Vietnamese: {
    motif: 'pho',
    bg: ['#fdf0d5', '#e9c46a'],
    pattern: 'stripes',
    ink: '#e76f51',
    garnish: 'leaf',
    accent: '#2a9d8f',
    serif: false,
  },
  Korean: {
    motif: 'grill',
    bg: ['#22223b', '#4a4e69'],
    pattern: 'dots',
    ink: '#f2e9e4',
    garnish: 'chili',
    accent: '#e63946',
    serif: false,
  },
  Indian: { motif: 'curry', bg: ['#f4a259', '#bc4b51'], pattern: 'tiles', ink: '#fff3e0', garnish: 'leaf', accent: '#f4e285', serif: true },
  Mexican: {
    motif: 'taco',
    bg: ['#f9c74f', '#f8961e'],
    pattern: 'zigzag',
    ink: '#9d0208',
    garnish: 'chili',
    accent: '#2b9348',
    serif: false,
  },
  'Latin American': {
    motif: 'taco',
    bg: ['#06d6a0', '#118ab2'],
    pattern: 'zigzag',
    ink: '#ffd166',
    garnish: 'bean',
    accent: '#ef476f',
    serif: false,
  },
  French: {
    motif: 'wine',
    bg: ['#3d1f2b', '#6b2d43'],
    pattern: 'stripes',
    ink: '#f7e1d7',
    garnish: 'grain',
    accent: '#e9c46a',
    serif: true,
  },
  Spanish: {
    motif: 'paella',
    bg: ['#e63946', '#f4a261'],
    pattern: 'tiles',
    ink: '#fff1d0',
    garnish: 'dot',
    accent: '#ffe066',
    serif: true,
  },
  Mediterranean: {
    motif: 'mezze',
    bg: ['#e0f2f1', '#90caf9'],
    pattern: 'tiles',
    ink: '#1565c0',
    garnish: 'leaf',
    accent: '#1565c0',
    serif: true,
  },
  Greek: {
    motif: 'greekMezze',
    bg: ['#1d4e89', '#3d7dca'],
    pattern: 'tiles',
    ink: '#ffffff',
    garnish: 'leaf',
    accent: '#ffffff',
    serif: true,
  },
  'Middle Eastern': {
    motif: 'falafel',
    bg: ['#f6e3c6', '#d4a373'],
    pattern: 'lattice',
    ink: '#7f5539',
    garnish: 'bean',
    accent: '#9c6644',
    serif: true,
  },
  Seafood: { motif: 'fish', bg: ['#caf0f8', '#48cae4'], pattern: 'waves', ink: '#0077b6', garnish: 'dot', accent: '#023e8a', serif: true },
  Steakhouse: {
    motif: 'steak',
    bg: ['#2b2118', '#4e3b2a'],
    pattern: 'stripes',
    ink: '#d4a373',
    garnish: 'grain',
    accent: '#d4a373',
    serif: true,
  },
  Burgers: {
    motif: 'burger',
    bg: ['#ffd166', '#fca311'],
    pattern: 'dots',
    ink: '#9d0208',
    garnish: 'dot',
    accent: '#9d0208',
    serif: false,
  },
  BBQ: { motif: 'ribs', bg: ['#3c1518', '#69140e'], pattern: 'stripes', ink: '#f4a261', garnish: 'chili', accent: '#f4a261', serif: false },
  Vegetarian: {
    motif: 'salad',
    bg: ['#e9f5db', '#b5e48c'],
    pattern: 'leaves',
    ink: '#2d6a4f',
    garnish: 'leaf',
    accent: '#2d6a4f',
    serif: false,
  },
  Café: { motif: 'coffee', bg: ['#ede0d4', '#b08968'], pattern: 'dots', ink: '#7f5539', garnish: 'bean', accent: '#7f5539', serif: true },
  Bakery: {
    motif: 'croissant',
    bg: ['#fff1e6', '#f8c8a8'],
    pattern: 'gingham',
    ink: '#c8553d',
    garnish: 'grain',
    accent: '#b5651d',
    serif: true,
  },
};

const FALLBACK: Style = STYLES.American;

export function styleFor(cuisine: string | undefined): Style {
  return (cuisine && (STYLES as Record<string, Style>)[cuisine]) || FALLBACK;
}

const f = (n: number) => Number(n.toFixed(1));

/** Shifts a #rrggbb colour lighter (amount > 0) or darker, for per-merchant variety. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    const v = amount >= 0 ? c + (255 - c) * amount : c * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return (0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
}

/** A dark colour of the style for the logo disc and menu lettering (white text must read on it). */
function brand(style: Style): string {
  return luminance(style.ink) < 0.45 ? style.ink : shade(style.bg[0], luminance(style.bg[0]) > 0.6 ? -0.6 : -0.35);
}

/** Dishes seen from the side stand on a flat shadow; the rest are seen from above. */
const UPRIGHT = new Set<MotifName>(['burger', 'taco', 'wine']);

function patternDef(name: PatternName, ink: string, scale: number): string {
  const s = f(scale);
  const body: Record<PatternName, string> = {
    dots: `<pattern id="pat" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="scale(${s})"><circle cx="7" cy="7" r="3.2" fill="${ink}"/><circle cx="21" cy="21" r="3.2" fill="${ink}"/></pattern>`,
    gingham: `<pattern id="pat" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="scale(${s})"><rect width="20" height="40" fill="${ink}" opacity="0.5"/><rect width="40" height="20" fill="${ink}" opacity="0.5"/></pattern>`,
    stripes: `<pattern id="pat" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(35) scale(${s})"><rect width="8" height="24" fill="${ink}"/></pattern>`,
    waves: `<pattern id="pat" width="40" height="20" patternUnits="userSpaceOnUse" patternTransform="scale(${s})"><g fill="none" stroke="${ink}" stroke-width="2"><path d="M0 20a20 20 0 0 1 40 0"/><path d="M8 20a12 12 0 0 1 24 0"/><path d="M-20 10a20 20 0 0 1 40 0M20 10a20 20 0 0 1 40 0"/></g></pattern>`,
    zigzag: `<pattern id="pat" width="32" height="20" patternUnits="userSpaceOnUse" patternTransform="scale(${s})"><path d="M0 14L8 6L16 14L24 6L32 14" fill="none" stroke="${ink}" stroke-width="3"/></pattern>`,
    tiles: `<pattern id="pat" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="scale(${s})"><path d="M18 4L32 18L18 32L4 18Z" fill="none" stroke="${ink}" stroke-width="2"/><circle cx="18" cy="18" r="3" fill="${ink}"/></pattern>`,
    lattice: `<pattern id="pat" width="30" height="30" patternUnits="userSpaceOnUse" patternTransform="rotate(45) scale(${s})"><path d="M0 0H30M0 0V30" stroke="${ink}" stroke-width="2.5"/><rect x="11" y="11" width="8" height="8" fill="${ink}"/></pattern>`,
    leaves: `<pattern id="pat" width="48" height="48" patternUnits="userSpaceOnUse" patternTransform="rotate(20) scale(${s})">${leaf(6, 12, 18, -30, ink, 'none')}${leaf(28, 36, 18, 150, ink, 'none')}</pattern>`,
  };
  return body[name];
}

const DEFS = `<radialGradient id="broth" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.15"/></linearGradient>
<linearGradient id="bake" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6c05c"/><stop offset="1" stop-color="#cf7f2a"/></linearGradient>
<clipPath id="grillClip"><circle r="88"/></clipPath>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>
<filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="9"/></filter>`;

function garnishItem(kind: Garnish, x: number, y: number, rng: Rng, style: Style): string {
  const angle = rng.int(0, 360);
  switch (kind) {
    case 'leaf':
      return leaf(x, y, rng.int(16, 26), angle, rng.pick(['#2d6a4f', '#40916c', '#52b788']));
    case 'chili':
      return `<g transform="translate(${f(x)} ${f(y)}) rotate(${angle})"><path d="M0 0q18 -4 30 8q-16 2 -30 -8z" fill="#d62828"/><path d="M0 0l-6 -4" stroke="#2d6a4f" stroke-width="3" stroke-linecap="round"/></g>`;
    case 'grain':
      return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="5" ry="2.5" fill="${shade(style.accent, 0.3)}" transform="rotate(${angle} ${f(x)} ${f(y)})"/>`;
    case 'bean':
      return `<g transform="translate(${f(x)} ${f(y)}) rotate(${angle})"><ellipse rx="7" ry="5" fill="#4a2c1a"/><path d="M-5 0q5 -2 10 0" stroke="#8b5a3c" stroke-width="1.5" fill="none"/></g>`;
    default:
      return `<circle cx="${f(x)}" cy="${f(y)}" r="${rng.int(3, 6)}" fill="${style.accent}" opacity="0.8"/>`;
  }
}

/** Garnish scattered over the frame, away from the dishes. */
function scatter(rng: Rng, style: Style, width: number, height: number, avoid: Array<[number, number, number]>, count: number): string {
  const items: string[] = [];
  for (let tries = 0; items.length < count && tries < count * 30; tries++) {
    const x = rng.int(16, width - 16);
    const y = rng.int(16, height - 16);
    if (avoid.some(([ax, ay, r]) => Math.hypot(ax - x, ay - y) < r)) continue;
    avoid.push([x, y, 34]);
    items.push(garnishItem(style.garnish, x, y, rng, style));
  }
  return items.join('');
}

function dish(rng: Rng, style: Style, x: number, y: number, scale: number, rotate: number): string {
  const upright = UPRIGHT.has(style.motif);
  const shadow = upright
    ? `<ellipse cx="${f(x)}" cy="${f(y + 80 * scale)}" rx="${f(118 * scale)}" ry="${f(16 * scale)}" fill="#000" opacity="0.3" filter="url(#shadow)"/>`
    : `<ellipse cx="${f(x + 10 * scale)}" cy="${f(y + 16 * scale)}" rx="${f(112 * scale)}" ry="${f(104 * scale)}" fill="#000" opacity="0.28" filter="url(#shadow)"/>`;
  if (upright) rotate = Math.max(-4, Math.min(4, rotate));
  return `${shadow}
<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rotate)}) scale(${f(scale)})">${MOTIFS[style.motif](rng)}</g>`;
}

interface Backdrop {
  defs: string;
  layer: string;
}

function backdrop(style: Style, rng: Rng, width: number, height: number, patternOpacity: number): Backdrop {
  const lift = (rng.next() - 0.5) * 0.16;
  const [a, b] = style.bg;
  return {
    defs: `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(a, lift)}"/><stop offset="1" stop-color="${shade(b, lift)}"/></linearGradient>
${patternDef(style.pattern, style.ink, 0.8 + rng.next() * 0.6)}`,
    layer: `<rect width="${width}" height="${height}" fill="url(#bg)"/><rect width="${width}" height="${height}" fill="url(#pat)" opacity="${patternOpacity}"/>`,
  };
}

function svg(width: number, height: number, label: string, back: Backdrop, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(label)}" preserveAspectRatio="xMidYMid slice"><defs>${DEFS}${back.defs}</defs>${back.layer}${body}</svg>`;
}

/** Initials for the logo: "Trattoria Lupa" -> "TL", "The Blue Door" -> "BD". */
export function initialsOf(name: string): string {
  const skip = new Set(['the', 'le', 'la', 'el', 'los', 'de', 'and', '&', 'co.', 'bar', 'cafe', 'café']);
  const words = name.split(/\s+/).filter((w) => /[A-Za-zÀ-ÿ]/.test(w));
  const significant = words.filter((w) => !skip.has(w.toLowerCase()));
  const chosen = (significant.length ? significant : words).slice(0, 2);
  return chosen.map((w) => (w.replace(/[^A-Za-zÀ-ÿ]/g, '')[0] ?? '').toUpperCase()).join('') || '•';
}

export interface ArtSubject {
  id: string;
  name: string;
  cuisines: readonly string[];
}

function promo(subject: ArtSubject, style: Style, rng: Rng): string {
  const w = 640;
  const h = 400;
  const x = 320 + rng.int(-70, 70);
  const y = 205 + rng.int(-10, 10);
  const scale = 1.3 + rng.next() * 0.15;
  return svg(
    w,
    h,
    `${subject.name}: ${subject.cuisines.join(', ')}`,
    backdrop(style, rng, w, h, 0.16),
    `
${scatter(rng, style, w, h, [[x, y, 175 * scale]], rng.int(5, 8))}${dish(rng, style, x, y, scale, rng.int(-14, 14))}<rect width="${w}" height="${h}" fill="url(#vignette)"/>`,
  );
}

function logo(subject: ArtSubject, style: Style, rng: Rng): string {
  const font = style.serif ? "Georgia, 'Times New Roman', serif" : "'Helvetica Neue', Arial, sans-serif";
  const initials = escapeHtml(initialsOf(subject.name));
  const size = initials.length > 1 ? 74 : 92;
  const dark = brand(style);
  return svg(
    200,
    200,
    `${subject.name} logo`,
    backdrop(style, rng, 200, 200, 0.22),
    `
<circle cx="100" cy="100" r="78" fill="${dark}" opacity="0.88"/><circle cx="100" cy="100" r="70" fill="none" stroke="${style.accent}" stroke-width="2.5"/>
<circle cx="100" cy="100" r="64" fill="none" stroke="${style.accent}" stroke-width="1" stroke-dasharray="2 5"/>
<text x="100" y="100" dy="0.35em" text-anchor="middle" font-family="${font}" font-weight="700" font-size="${size}" letter-spacing="2" fill="#fff">${initials}</text>`,
  );
}

/** menu1: the menu card; menu2: a close-up of the dish; menu3: the table from above. */
function menuCard(subject: ArtSubject, style: Style, rng: Rng): string {
  const w = 480;
  const h = 360;
  const cuisine = subject.cuisines[0] as Cuisine | undefined;
  const dishes =
    cuisine && CUISINE_PROFILES[cuisine]
      ? rng.sample(CUISINE_PROFILES[cuisine].dishes, 4)
      : ['Chef’s tasting', 'Seasonal plate', 'House dessert'];
  const font = style.serif ? "Georgia, 'Times New Roman', serif" : "'Helvetica Neue', Arial, sans-serif";
  const title = escapeHtml(subject.name.length > 28 ? `${subject.name.slice(0, 27)}…` : subject.name);
  const lines = dishes
    .map((d, i) => {
      const y = 150 + i * 40;
      const plain = d.replace(/^(a|an) /i, '');
      const label = escapeHtml(plain.charAt(0).toUpperCase() + plain.slice(1));
      const price = 9 + rng.int(0, 6) * 3 + i * 2;
      return `<text x="120" y="${y}" font-family="${font}" font-size="15" fill="#2b2b2b">${label.length > 34 ? `${label.slice(0, 33)}…` : label}</text><text x="360" y="${y}" text-anchor="end" font-family="${font}" font-size="15" font-weight="700" fill="#2b2b2b">${price}</text>`;
    })
    .join('');
  return svg(
    w,
    h,
    `${subject.name} menu`,
    backdrop(style, rng, w, h, 0.2),
    `
<g transform="rotate(${f((rng.next() - 0.5) * 4)} 240 180)"><rect x="94" y="34" width="292" height="300" rx="6" fill="#000" opacity="0.25" filter="url(#shadow)"/><rect x="90" y="28" width="300" height="304" rx="6" fill="#fffdf7"/>
<rect x="102" y="40" width="276" height="280" rx="3" fill="none" stroke="${brand(style)}" stroke-width="1.5"/>
<text x="240" y="86" text-anchor="middle" font-family="${font}" font-size="22" font-weight="700" fill="#1b1b1b">${title}</text>
<text x="240" y="110" text-anchor="middle" font-family="${font}" font-size="11" letter-spacing="3" fill="${brand(style)}">${escapeHtml(subject.cuisines.join(' · ').toUpperCase())}</text>
<path d="M200 124H280" stroke="${brand(style)}" stroke-width="1.5"/>${lines}</g>`,
  );
}

function closeUp(subject: ArtSubject, style: Style, rng: Rng): string {
  const w = 480;
  const h = 360;
  return svg(
    w,
    h,
    `${subject.name}: dish`,
    backdrop(style, rng, w, h, 0.12),
    `${dish(rng, style, 250 + rng.int(-30, 30), 190, 1.9, rng.int(-30, 30))}<rect width="${w}" height="${h}" fill="url(#vignette)"/>`,
  );
}

function table(subject: ArtSubject, style: Style, rng: Rng): string {
  const w = 480;
  const h = 360;
  const second = styleFor(subject.cuisines[1] ?? subject.cuisines[0]);
  const a: [number, number] = [150, 160 + rng.int(-20, 20)];
  const b: [number, number] = [340, 210 + rng.int(-20, 20)];
  return svg(
    w,
    h,
    `${subject.name}: table`,
    backdrop(style, rng, w, h, 0.24),
    `${scatter(
      rng,
      style,
      w,
      h,
      [
        [a[0], a[1], 110],
        [b[0], b[1], 110],
      ],
      6,
    )}
${dish(rng, style, a[0], a[1], 0.85, rng.int(-20, 20))}${dish(rng, second, b[0], b[1], 0.8, rng.int(-20, 20))}<rect width="${w}" height="${h}" fill="url(#vignette)"/>`,
  );
}

export function merchantArt(subject: ArtSubject, variant: ArtVariant): string {
  const style = styleFor(subject.cuisines[0]);
  const rng = createRng(hashString(`${subject.id}:${variant}`));
  switch (variant) {
    case 'logo':
      return logo(subject, style, rng);
    case 'menu1':
      return menuCard(subject, style, rng);
    case 'menu2':
      return closeUp(subject, style, rng);
    case 'menu3':
      return table(subject, style, rng);
    default:
      return promo(subject, style, rng);
  }
}
