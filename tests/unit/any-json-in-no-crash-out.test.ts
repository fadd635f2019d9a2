// Property tests: any JSON in, no crash out (DESIGN §8).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS, parseCopy, substitute, substituteDeep, type PlaceholderValues } from '#shared/copy.ts';
import { mergePatch } from '#shared/merge-patch.ts';
import { migrateLayout } from '#shared/page/migrations.ts';
import { resolvePage, type ResolvedPage } from '#shared/page/resolve.ts';
import { evaluateCondition, type Visitor } from '#shared/visitor.ts';
import { validateLayout } from '#shared/generated/validators.js';
import { KNOWN_TYPES, placeholders, validators, visitor } from './core-fixtures.ts';

const RUNS = { numRuns: 500 };

function resolve(layout: unknown, override?: unknown, who: Visitor = visitor()): ResolvedPage {
  // Partner overrides are merge patches the server applies when it loads partner files.
  const patched = override === undefined ? layout : mergePatch(layout, override);
  return resolvePage({ layout: patched, source: 'prop', validators, validateLayout, visitor: who, placeholders });
}

/** The page contract: usable with blocks, or unusable with a reason. */
function expectWellFormed(page: ResolvedPage): void {
  if (page.ok) {
    expect(Array.isArray(page.blocks)).toBe(true);
    for (const block of page.blocks) {
      if (block.status === 'failed') expect(block.problems.length).toBeGreaterThan(0);
    }
  } else {
    expect(page.blocks).toEqual([]);
    expect(page.problems.length).toBeGreaterThan(0);
  }
  for (const p of page.problems) {
    expect(p.source).toBe('prop');
    expect(p.pointer === '' || p.pointer.startsWith('/')).toBe(true);
    expect(typeof p.message).toBe('string');
  }
}

const visitorArb: fc.Arbitrary<Visitor> = fc.record({
  kind: fc.constantFrom('anonymous', 'cardMember', 'nonCardMember', 'closedAccount', 'knownMember'),
  tier: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  enrollmentType: fc.constantFrom('direct', 'sso', 'none'),
  flags: fc.dictionary(fc.constantFrom('hasVIP', 'hasFlexOffers', 'constructor', 'x'), fc.boolean()),
  nativeApp: fc.boolean(),
  pwa: fc.boolean(),
  now: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
});

const idArb = fc.oneof(
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,8}$/),
  fc.constantFrom('hero', 'steps', 'constructor', '__proto__', 'toString', '1bad', 'a/b', 'a~b', ''),
  fc.string({ maxLength: 6 }),
);
const typeArb = fc.oneof(
  fc.constantFrom(...KNOWN_TYPES),
  fc.constantFrom('hero-banner', 'constructor', 'Bad Type', ''),
  fc.string({ maxLength: 8 }),
);
const textArb = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('Earn {currency}', '{earnLevels} with {programName}', '{unknown}'));
const propsArb = fc.oneof(
  fc.record({ text: textArb }),
  fc.record(
    {
      headline: textArb,
      steps: fc.array(fc.record({ title: textArb, text: textArb }), { maxLength: 4 }),
      linkText: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const conditionArb = fc.record(
  {
    visitor: fc.subarray(['anonymous', 'cardMember', 'nonCardMember', 'closedAccount', 'knownMember', 'robot']),
    tier: fc.array(fc.integer({ min: -1, max: 4 }), { maxLength: 3 }),
    flags: fc.dictionary(fc.constantFrom('hasVIP', 'hasFlexOffers'), fc.boolean()),
    userStates: fc.array(fc.constantFrom('anonymous', 'card_member', 'tier_2', 'x'), { maxLength: 3 }),
    from: fc.constantFrom('2025-01-01', '2026-06-15T12:00:00Z', 'not a date'),
    until: fc.constantFrom('2027-01-01', '2026-06-15'),
    pwa: fc.boolean(),
    not: fc.record({ visitor: fc.constant(['anonymous']) }),
  },
  { requiredKeys: [] },
);
const instanceArb = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ type: typeArb, props: propsArb, when: conditionArb, disabled: fc.boolean() }, { requiredKeys: ['type'] }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
const layoutArb = fc
  .record({
    blocks: fc.dictionary(idArb, instanceArb, { maxKeys: 12 }),
    extraIds: fc.array(idArb, { maxLength: 4 }),
    title: fc.option(textArb, { nil: undefined }),
    shuffle: fc.array(fc.nat(), { maxLength: 20 }),
  })
  .map(({ blocks, extraIds, title, shuffle }) => {
    // order: the block ids (some left out, some repeated via shuffle) plus ids with no block
    const pool = [...Object.keys(blocks), ...extraIds];
    const order = pool.length ? shuffle.map((n) => pool[n % pool.length]!) : [];
    return { version: 1, ...(title === undefined ? {} : { title }), blocks, order };
  });

describe('resolvePage properties', () => {
  it('never throws on arbitrary JSON, and answers ok with blocks or not ok with problems', () => {
    fc.assert(
      fc.property(fc.jsonValue(), visitorArb, (layout, who) => {
        expectWellFormed(resolve(layout, undefined, who));
      }),
      RUNS,
    );
  });

  it('never throws on arbitrary JSON-safe values (fc.anything) as layout or override', () => {
    const jsonSafe = fc.anything({
      maxDepth: 3,
      withBoxedValues: false,
      withMap: false,
      withSet: false,
      withObjectString: false,
      withNullPrototype: true,
    });
    fc.assert(
      fc.property(jsonSafe, fc.option(jsonSafe, { nil: undefined }), (layout, override) => {
        expectWellFormed(resolve(layout, override));
      }),
      RUNS,
    );
  });

  it('never throws on arbitrary v0-shaped layouts (blocks as an array)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(instanceArb, fc.record({ id: idArb, type: typeArb, props: propsArb })), { maxLength: 8 }), (list) => {
        expectWellFormed(resolve({ blocks: list }));
      }),
      RUNS,
    );
  });

  it('layout-shaped input: never throws; every failed block is explained at /blocks/ or /order/', () => {
    fc.assert(
      fc.property(layoutArb, visitorArb, (layout, who) => {
        const page = resolve(layout, undefined, who);
        expectWellFormed(page);
        // The page itself is well formed here (version, blocks object, order of short strings), so no
        // block fault, bad id, unknown id or repeated id may cost the page.
        expect(page.ok, JSON.stringify(page.problems)).toBe(true);
        for (const block of page.blocks) {
          if (block.status !== 'failed') continue;
          expect(block.problems.some((p) => p.pointer.startsWith('/blocks/') || p.pointer.startsWith('/order/'))).toBe(true);
        }
        // Rendered ids are unique (they key the React tree) and all come from `order`.
        const rendered = page.blocks.map((b) => b.id);
        expect(new Set(rendered).size).toBe(rendered.length);
        for (const id of rendered) expect(layout.order).toContain(id);
        // Every ok block has a known type and props that are an object.
        for (const block of page.blocks) {
          if (block.status !== 'ok') continue;
          expect(KNOWN_TYPES).toContain(block.type);
          expect(typeof block.props).toBe('object');
        }
      }),
      RUNS,
    );
  });

  it('a bad block never removes a good sibling', () => {
    const good = { type: 'text-block', props: { text: 'I stay' } };
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^b[a-z0-9]{0,6}$/), instanceArb, { maxKeys: 10 }), (others) => {
        const blocks = { ...others, keeper: good };
        const page = resolve({ version: 1, blocks, order: [...Object.keys(others), 'keeper', 'ghost'] });
        expect(page.ok).toBe(true);
        expect(page.blocks.find((b) => b.id === 'keeper')).toMatchObject({ status: 'ok', props: { text: 'I stay' } });
      }),
      RUNS,
    );
  });

  it('a layout-shaped override never throws', () => {
    fc.assert(
      fc.property(layoutArb, layoutArb, fc.jsonValue({ maxDepth: 3 }), (layout, patchLike, junk) => {
        expectWellFormed(resolve(layout, patchLike));
        expectWellFormed(resolve(layout, junk));
      }),
      { numRuns: 200 },
    );
  });

  it('resolving is pure: the same input gives the same page and leaves the input untouched', () => {
    fc.assert(
      fc.property(layoutArb, (layout) => {
        const before = JSON.stringify(layout);
        expect(resolve(layout)).toEqual(resolve(layout));
        expect(JSON.stringify(layout)).toBe(before);
      }),
      { numRuns: 200 },
    );
  });
});

describe('evaluateCondition properties', () => {
  it('never throws and `not` inverts', () => {
    fc.assert(
      fc.property(conditionArb, visitorArb, (when, who) => {
        // conditionArb may hold values the schema rejects (tier 4, 'robot'); evaluation must still be total.
        const cond = when as Parameters<typeof evaluateCondition>[0];
        const result = evaluateCondition(cond, who);
        expect(typeof result).toBe('boolean');
        expect(evaluateCondition({ not: cond }, who)).toBe(!result);
      }),
      RUNS,
    );
  });
});

const placeholderText = fc
  .array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PLACEHOLDERS.map((p) => `{${p}}`), '{', '}', '{currency', '$&')), {
    maxLength: 12,
  })
  .map((parts) => parts.join(''));
const valuesArb: fc.Arbitrary<PlaceholderValues> = fc.record(
  Object.fromEntries(PLACEHOLDERS.map((p) => [p, placeholderText])) as Record<keyof PlaceholderValues, fc.Arbitrary<string>>,
);

describe('copy properties', () => {
  it('substitute terminates with bounded output for arbitrary text and placeholder values (even self-referencing)', () => {
    fc.assert(
      fc.property(placeholderText, valuesArb, (text, values) => {
        const out = substitute(text, values);
        expect(typeof out).toBe('string');
        // One pass beyond the growth cap at most: never the exponential blow-up of a doubling value.
        expect(out.length).toBeLessThan(text.length + 10_000 + 1);
      }),
      RUNS,
    );
  });

  it('substitute is stable: substituting the result again changes nothing when values contain no placeholders', () => {
    const plain = fc.string({ maxLength: 20 }).filter((s) => !/[{}]/.test(s));
    const plainValues = fc.record(
      Object.fromEntries(PLACEHOLDERS.map((p) => [p, plain])) as Record<keyof PlaceholderValues, fc.Arbitrary<string>>,
    );
    fc.assert(
      fc.property(placeholderText, plainValues, (text, values) => {
        const once = substitute(text, values);
        expect(substitute(once, values)).toBe(once);
        for (const p of PLACEHOLDERS) expect(once.includes(`{${p}}`)).toBe(false);
      }),
      RUNS,
    );
  });

  it('substituteDeep keeps the shape of any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = substituteDeep(value, placeholders);
        const shape = (v: unknown): unknown =>
          Array.isArray(v)
            ? v.map(shape)
            : v !== null && typeof v === 'object'
              ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]))
              : typeof v;
        expect(shape(out)).toEqual(shape(value));
      }),
      RUNS,
    );
  });

  it('parseCopy never throws and loses no text outside link syntax', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.boolean(), (text, superscript) => {
        const segments = parseCopy(text, superscript);
        const rebuilt = segments.map((s) => (s.kind === 'registered' ? '®' : s.text)).join('');
        if (!text.includes('](link:')) expect(rebuilt).toBe(text);
      }),
      RUNS,
    );
  });
});

describe('mergePatch properties', () => {
  const objectArb = fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });

  it('patching with the target itself (no nulls) gives the target', () => {
    const noNulls = fc.jsonValue({ maxDepth: 3 }).filter((v) => !JSON.stringify(v).includes('null'));
    fc.assert(
      fc.property(noNulls, (x) => {
        expect(mergePatch(x, x)).toEqual(x);
      }),
      RUNS,
    );
  });

  it('an empty object patch leaves an object unchanged; a non-object patch replaces', () => {
    fc.assert(
      fc.property(objectArb, fc.oneof(fc.string(), fc.integer(), fc.array(fc.jsonValue({ maxDepth: 1 }))), (x, scalar) => {
        expect(mergePatch(x, {})).toEqual(x);
        expect(mergePatch(x, scalar)).toEqual(scalar);
      }),
      RUNS,
    );
  });

  it('every key of the patch wins: set values are equal, nulls are gone, other keys are kept', () => {
    fc.assert(
      fc.property(objectArb, objectArb, (target, patch) => {
        const result = mergePatch(target, patch) as Record<string, unknown>;
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) expect(Object.hasOwn(result, k)).toBe(false);
          else if (typeof v !== 'object' || Array.isArray(v)) expect(result[k]).toEqual(v);
          else expect(Object.hasOwn(result, k)).toBe(true);
        }
        for (const [k, v] of Object.entries(target)) {
          if (!Object.hasOwn(patch, k)) expect(result[k]).toEqual(v);
        }
        // Applying the same patch twice is the same as once (merge patches are idempotent).
        expect(mergePatch(result, patch)).toEqual(result);
      }),
      RUNS,
    );
  });
});

describe('migrateLayout properties', () => {
  it('never throws and is idempotent', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const once = migrateLayout(raw);
        expect(migrateLayout(once)).toEqual(once);
      }),
      RUNS,
    );
  });

  it('a v0 layout of valid blocks keeps every block, in order, under unique ids', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.option(idArb, { nil: undefined }), type: fc.constantFrom(...KNOWN_TYPES) }), { maxLength: 10 }),
        (list) => {
          const v1 = migrateLayout({ blocks: list }) as { blocks: Record<string, { type: string }>; order: string[] };
          expect(v1.order.length).toBe(list.length);
          expect(new Set(v1.order).size).toBe(list.length);
          expect(v1.order.map((id) => v1.blocks[id]?.type)).toEqual(list.map((b) => b.type));
        },
      ),
      RUNS,
    );
  });
});
