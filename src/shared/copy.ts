// Copy: partner-configurable placeholders substituted until the text stops changing (spec 000 §4),
// embedded links written as [label](link:name), and the registered-mark rule.

export const PLACEHOLDERS = [
  'currency',
  'programName',
  'partnerName',
  'partnerNumberLabel',
  'earnLevels',
  'currentYear',
  'staySignedInLabel',
  // Amounts partner settings hold (earnRates, bonusAmounts, vipDinesRequired): content writes the
  // placeholder and never types the number again.
  'earnRateTier0',
  'earnRateTier2',
  'earnRateTier3',
  'newMemberBonus',
  'reservationBonus',
  'referralBonus',
  'specialBonus',
  'vipDines',
] as const;
export type PlaceholderName = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Readonly<Record<PlaceholderName, string>>;

/** Bounds the loop when a placeholder's value contains itself (a partner typo must not hang a page). */
const MAX_PASSES = 10;
/**
 * A value that contains its own placeholder twice doubles the text on every pass (2^10 after ten);
 * growth beyond this many characters means such a loop, so substitution stops there.
 */
const MAX_GROWTH = 10_000;
const PLACEHOLDER = new RegExp(`\\{(${PLACEHOLDERS.join('|')})\\}`, 'g');
const HAS_PLACEHOLDER = new RegExp(PLACEHOLDER.source);

/** The plain loop: replace every placeholder, again and again, until the text stops changing. */
function expand(text: string, values: PlaceholderValues): string {
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = current.replace(PLACEHOLDER, (_, name: PlaceholderName) => values[name]);
    if (next === current) return next;
    if (next.length > text.length + MAX_GROWTH) return current;
    current = next;
  }
  return current;
}

/**
 * Values with their own placeholders already expanded (earnLevels contains {currency}), once per
 * values object: a page substitutes hundreds of strings, and with expanded values each needs one
 * replacing pass instead of one per nesting level (the result is the same).
 */
const expandedValues = new WeakMap<PlaceholderValues, { values: PlaceholderValues; settled: boolean }>();

function expanded(values: PlaceholderValues): { values: PlaceholderValues; settled: boolean } {
  let out = expandedValues.get(values);
  if (!out) {
    const full = Object.fromEntries(PLACEHOLDERS.map((name) => [name, expand(values[name], values)])) as Record<PlaceholderName, string>;
    // Settled: no expanded value still holds a placeholder (no value contains itself). Then one
    // replacing pass is the whole substitution unless an inserted value completes a placeholder
    // with its neighbours (substitute checks for that).
    const settled = PLACEHOLDERS.every((name) => !full[name].match(PLACEHOLDER));
    out = { values: full, settled };
    expandedValues.set(values, out);
  }
  return out;
}

/** One pass of `{name}` placeholders from `values` (for numbers and names inside a copy text); unknown names stay. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export function substitute(text: string, values: PlaceholderValues): string {
  if (!text.includes('{')) return text;
  const { values: full, settled } = expanded(values);
  // A page substitutes hundreds of strings: the settled case skips the loop's checking pass.
  if (!settled) return expand(text, full);
  const once = replaceOnce(text, full);
  // An inserted value can complete a placeholder with the text around it ("{{currency}}" with the
  // currency "programName"): rare, so only then does the loop go on.
  return once !== text && HAS_PLACEHOLDER.test(once) ? expand(once, full) : once;
}

const PLACEHOLDER_NAMES: ReadonlySet<string> = new Set(PLACEHOLDERS);

/** One pass of every known `{name}`, the same as replacing PLACEHOLDER, without a regex callback per match. */
function replaceOnce(text: string, values: PlaceholderValues): string {
  let out = '';
  let from = 0;
  let open = text.indexOf('{');
  while (open !== -1) {
    const close = text.indexOf('}', open + 1);
    if (close === -1) break;
    const name = text.slice(open + 1, close);
    if (PLACEHOLDER_NAMES.has(name)) {
      out += text.slice(from, open) + values[name as PlaceholderName];
      from = close + 1;
      open = text.indexOf('{', from);
    } else {
      // Not a placeholder: the next `{` may start one (as in "{{currency}").
      open = text.indexOf('{', open + 1);
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Substitutes every string inside a JSON value (block props), returning a new value. */
export function substituteDeep<T>(value: T, values: PlaceholderValues): T {
  if (typeof value === 'string') return substitute(value, values) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => substituteDeep(v, values)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const record = value as Record<string, unknown>;
    // Object.keys, not entries: a page substitutes thousands of members, and pairs are garbage.
    for (const k of Object.keys(record)) {
      const substituted = substituteDeep(record[k], values);
      // defineProperty keeps a "__proto__" key a plain member (assignment would set the prototype).
      if (k === '__proto__') Object.defineProperty(out, k, { value: substituted, enumerable: true, writable: true, configurable: true });
      else out[k] = substituted;
    }
    return out as T;
  }
  return value;
}

export const COPY_LINKS = [
  'signIn',
  'activate',
  'join',
  'recover',
  'deleteCard',
  'terms',
  'privacy',
  'findPartnerNumber',
  'supportPhone',
  'supportEmail',
  'offersLegal',
  'eventsLegal',
  'home',
  'signOut',
  'shortCodeSms',
] as const;
export type CopyLinkName = (typeof COPY_LINKS)[number];

export type CopySegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; link: CopyLinkName } | { kind: 'registered' };

/**
 * Brand faces whose ® glyph is already drawn at superscript size; for them the mark stays inline.
 * Every other font gets <sup>®</sup>.
 */
export const INLINE_REGISTERED_MARK_FONTS = ['Gotham', 'Whitney', 'Proxima Nova', 'Circular'];

export function registeredMarkIsSuperscript(fontStack: string): boolean {
  const first = (fontStack.split(',')[0] ?? '').trim().replace(/^['"]|['"]$/g, '');
  return !INLINE_REGISTERED_MARK_FONTS.some((f) => f.toLowerCase() === first.toLowerCase());
}

const LINK = /\[([^\]]{1,200})\]\(link:([A-Za-z]+)\)/g;

/** Splits copy into text, named links and registered marks for rendering. */
export function parseCopy(text: string, superscriptMark = true): CopySegment[] {
  const segments: CopySegment[] = [];
  const pushText = (chunk: string) => {
    if (!chunk) return;
    if (!superscriptMark) {
      segments.push({ kind: 'text', text: chunk });
      return;
    }
    const parts = chunk.split('®');
    parts.forEach((part, i) => {
      if (part) segments.push({ kind: 'text', text: part });
      if (i < parts.length - 1) segments.push({ kind: 'registered' });
    });
  };
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', name = ''] = match;
    const index = match.index ?? 0;
    pushText(text.slice(last, index));
    if ((COPY_LINKS as readonly string[]).includes(name)) {
      segments.push({ kind: 'link', text: label, link: name as CopyLinkName });
    } else {
      pushText(label);
    }
    last = index + whole.length;
  }
  pushText(text.slice(last));
  return segments;
}

/** Plain text of copy (links reduced to their labels), for titles and aria labels. */
export function copyToPlainText(text: string): string {
  return text.replace(LINK, '$1');
}
