import { describe, expect, it } from 'vitest';
import { resolvePage, type FailedBlock, type ResolvedBlock, type ResolveInput } from '#shared/page/resolve.ts';
import { validateLayout } from '#shared/generated/validators.js';
import { placeholders, validators, visitor } from './core-fixtures.ts';

const SOURCE = 'cms:skyline/home/page-layout';

function resolve(layout: unknown, extra: Partial<ResolveInput> = {}) {
  return resolvePage({ layout, source: SOURCE, validators, validateLayout, visitor: visitor(), placeholders, ...extra });
}

const steps = [
  { title: 'Search', text: 'Find a restaurant' },
  { title: 'Dine', text: 'Pay with a linked card' },
  { title: 'Earn', text: 'Get {currency}' },
];

function ids(page: ReturnType<typeof resolve>, status?: 'ok' | 'failed'): string[] {
  return page.blocks.filter((b) => !status || b.status === status).map((b) => b.id);
}

function failed(page: ReturnType<typeof resolve>, id: string): FailedBlock {
  const block = page.blocks.find((b) => b.id === id);
  if (block?.status !== 'failed') throw new Error(`block ${id} did not fail: ${JSON.stringify(block)}`);
  return block;
}

function ok(page: ReturnType<typeof resolve>, id: string): ResolvedBlock & { props: Record<string, unknown> } {
  const block = page.blocks.find((b) => b.id === id);
  if (block?.status !== 'ok') throw new Error(`block ${id} is not ok: ${JSON.stringify(block)}`);
  // These fixtures' props are all objects (the fixture validators check it).
  return { ...block, props: block.props as Record<string, unknown> };
}

describe('resolvePage', () => {
  it('returns blocks in the order of `order`, not of `blocks`', () => {
    const page = resolve({
      version: 1,
      blocks: { a: { type: 'text-block', props: { text: 'A' } }, b: { type: 'spacer' }, c: { type: 'how-it-works' } },
      order: ['c', 'a', 'b'],
    });
    expect(page.ok).toBe(true);
    expect(page.problems).toEqual([]);
    expect(ids(page)).toEqual(['c', 'a', 'b']);
    expect(page.blocks.map((b) => b.type)).toEqual(['how-it-works', 'text-block', 'spacer']);
  });

  it('leaves out blocks that are not in `order`', () => {
    const page = resolve({ version: 1, blocks: { a: { type: 'spacer' }, b: { type: 'spacer' } }, order: ['b'] });
    expect(ids(page)).toEqual(['b']);
  });

  it('skips disabled blocks without a problem', () => {
    const page = resolve({
      version: 1,
      blocks: { a: { type: 'spacer', disabled: true }, b: { type: 'spacer', disabled: false } },
      order: ['a', 'b'],
    });
    expect(ids(page)).toEqual(['b']);
    expect(page.problems).toEqual([]);
  });

  it('fails a block of unknown type at /blocks/<id>/type and keeps its siblings', () => {
    const page = resolve({
      version: 1,
      blocks: { before: { type: 'spacer' }, mystery: { type: 'hero-carousel' }, after: { type: 'text-block', props: { text: 'x' } } },
      order: ['before', 'mystery', 'after'],
    });
    expect(page.ok).toBe(true);
    expect(ids(page)).toEqual(['before', 'mystery', 'after']);
    expect(ids(page, 'ok')).toEqual(['before', 'after']);
    const block = failed(page, 'mystery');
    expect(block.type).toBe('hero-carousel');
    expect(block.problems).toEqual([{ source: SOURCE, pointer: '/blocks/mystery/type', message: 'unknown block type "hero-carousel"' }]);
    expect(page.problems).toEqual(block.problems);
  });

  it('does not treat Object.prototype members as block types', () => {
    const page = resolve({ version: 1, blocks: { a: { type: 'constructor' } }, order: ['a'] });
    expect(failed(page, 'a').problems[0]?.pointer).toBe('/blocks/a/type');
  });

  it('fails a block with invalid props with pointers under /blocks/<id>/props (generated validator)', () => {
    const page = resolve({
      version: 1,
      blocks: {
        good: { type: 'how-it-works', props: { headline: 'How it works', steps } },
        bad: { type: 'how-it-works', props: { headline: 42, steps: steps.slice(0, 2), colour: 'red' } },
      },
      order: ['good', 'bad'],
    });
    expect(ok(page, 'good').props.headline).toBe('How it works');
    const pointers = failed(page, 'bad')
      .problems.map((p) => p.pointer)
      .sort();
    expect(pointers).toEqual(['/blocks/bad/props', '/blocks/bad/props/headline', '/blocks/bad/props/steps']);
    const messages = failed(page, 'bad').problems.map((p) => p.message);
    expect(messages).toContain('unknown property "colour"');
    expect(messages).toContain('must be string');
    for (const p of failed(page, 'bad').problems) expect(p.source).toBe(SOURCE);
  });

  it('fails a block with invalid props from a hand-made validator', () => {
    const page = resolve({ version: 1, blocks: { t: { type: 'text-block', props: { text: 7 } } }, order: ['t'] });
    expect(failed(page, 't').problems).toEqual([{ source: SOURCE, pointer: '/blocks/t/props/text', message: 'must be string' }]);
  });

  it('validates missing props as an empty object', () => {
    const page = resolve({ version: 1, blocks: { t: { type: 'text-block' }, s: { type: 'spacer' } }, order: ['t', 's'] });
    expect(failed(page, 't').problems[0]).toMatchObject({ pointer: '/blocks/t/props', message: 'missing required property "text"' });
    expect(ok(page, 's').props).toEqual({});
  });

  it('reports an order id with no block at /order/<i> and keeps the rest', () => {
    const page = resolve({ version: 1, blocks: { a: { type: 'spacer' }, b: { type: 'spacer' } }, order: ['a', 'ghost', 'b'] });
    expect(page.ok).toBe(true);
    expect(ids(page, 'ok')).toEqual(['a', 'b']);
    expect(failed(page, 'ghost').problems).toEqual([{ source: SOURCE, pointer: '/order/1', message: 'no block with id "ghost"' }]);
  });

  it('does not find inherited members as block ids', () => {
    const page = resolve({ version: 1, blocks: { a: { type: 'spacer' } }, order: ['toString', 'a'] });
    expect(failed(page, 'toString').problems[0]?.pointer).toBe('/order/0');
    expect(ids(page, 'ok')).toEqual(['a']);
  });

  it('reports a repeated order id at its position without dropping the page', () => {
    const page = resolve({ version: 1, blocks: { a: { type: 'spacer' }, b: { type: 'spacer' } }, order: ['a', 'b', 'a'] });
    expect(page.ok).toBe(true);
    expect(ids(page)).toEqual(['a', 'b']);
    expect(page.problems).toEqual([{ source: SOURCE, pointer: '/order/2', message: 'block "a" is already placed at /order/0' }]);
  });

  it('one structurally broken block instance costs only that block', () => {
    const page = resolve({
      version: 1,
      blocks: {
        first: { type: 'spacer' },
        noType: { props: {} },
        extra: { type: 'spacer', colour: 'red' },
        badWhen: { type: 'spacer', when: { tier: [7] } },
        badProps: { type: 'spacer', props: 'not an object' },
        notObject: 'hero',
        last: { type: 'text-block', props: { text: 'still here' } },
      },
      order: ['first', 'noType', 'extra', 'badWhen', 'badProps', 'notObject', 'last'],
    });
    expect(page.ok).toBe(true);
    expect(ids(page, 'ok')).toEqual(['first', 'last']);
    expect(ids(page, 'failed')).toEqual(['noType', 'extra', 'badWhen', 'badProps', 'notObject']);
    expect(failed(page, 'noType').problems).toEqual([
      { source: SOURCE, pointer: '/blocks/noType', message: 'missing required property "type"' },
    ]);
    expect(failed(page, 'extra').problems).toEqual([{ source: SOURCE, pointer: '/blocks/extra', message: 'unknown property "colour"' }]);
    expect(failed(page, 'badWhen').problems[0]?.pointer).toBe('/blocks/badWhen/when/tier/0');
    expect(failed(page, 'badProps').problems[0]?.pointer).toBe('/blocks/badProps/props');
    expect(failed(page, 'notObject').problems[0]?.pointer).toBe('/blocks/notObject');
    // The broken type is still named when it can be read, for the preview placeholder.
    expect(failed(page, 'extra').type).toBe('spacer');
    expect(failed(page, 'noType').type).toBe('unknown');
  });

  it('a block id that breaks the id rules costs only that block', () => {
    const page = resolve({ version: 1, blocks: { '1st': { type: 'spacer' }, ok: { type: 'spacer' } }, order: ['1st', 'ok'] });
    expect(page.ok).toBe(true);
    expect(ids(page, 'ok')).toEqual(['ok']);
    expect(failed(page, '1st').problems[0]?.pointer).toBe('/blocks/1st');
    expect(failed(page, '1st').problems[0]?.message).toMatch(/^invalid name: must match pattern/);
    const empty = resolve({ version: 1, blocks: { '': { type: 'spacer' }, ok: { type: 'spacer' } }, order: ['', 'ok'] });
    expect(empty.ok).toBe(true);
    expect(ids(empty, 'ok')).toEqual(['ok']);
    expect(failed(empty, '').problems[0]?.pointer).toBe('/blocks/');
  });

  it.each([
    ['a string', 'home', ''],
    ['null', null, ''],
    ['an array', [{ type: 'spacer' }], ''],
    ['a number', 42, ''],
    ['an empty object', {}, ''],
    ['version 2', { version: 2, blocks: {}, order: [] }, '/version'],
    ['version "1"', { version: '1', blocks: { a: { type: 'spacer' } }, order: ['a'] }, '/version'],
    ['order not an array', { version: 1, blocks: { a: { type: 'spacer' } }, order: 'a' }, '/order'],
    ['order with a number', { version: 1, blocks: { a: { type: 'spacer' } }, order: ['a', 3] }, '/order/1'],
    ['blocks not an object', { version: 1, blocks: 'a', order: ['a'] }, '/blocks'],
    ['an unknown page property', { version: 1, blocks: {}, order: [], theme: 'dark' }, ''],
    ['a title too long', { version: 1, title: 'x'.repeat(121), blocks: {}, order: [] }, '/title'],
  ])('rejects a layout that is %s as a whole', (_name, layout, pointer) => {
    const page = resolve(layout);
    expect(page.ok).toBe(false);
    expect(page.blocks).toEqual([]);
    expect(page.title).toBeNull();
    expect(page.problems.length).toBeGreaterThan(0);
    expect(page.problems.map((p) => p.pointer)).toContain(pointer);
    for (const p of page.problems) expect(p.source).toBe(SOURCE);
  });

  it('upgrades a v0 (array) layout before resolving', () => {
    const page = resolve({ blocks: [{ id: 'intro', type: 'text-block', props: { text: 'Hi' } }, { type: 'spacer' }] });
    expect(page.ok).toBe(true);
    expect(ids(page, 'ok')).toEqual(['intro', 'block2']);
  });

  it('substitutes copy placeholders in props (deeply) and in the title, repeating until stable', () => {
    const page = resolve({
      version: 1,
      title: '{programName} — earn {currency}',
      blocks: {
        steps: {
          type: 'how-it-works',
          props: { headline: 'How {programName} works', steps: [steps[0], steps[1], { title: 'Earn', text: 'Earn {earnLevels}' }] },
        },
      },
      order: ['steps'],
    });
    expect(page.title).toBe('Skyline SkyDining — earn miles');
    const props = ok(page, 'steps').props as { headline: string; steps: Array<{ text: string }> };
    expect(props.headline).toBe('How Skyline SkyDining works');
    expect(props.steps[2]?.text).toBe('Earn 1 miles per $2 or 5 miles per $1');
    expect(props.steps[0]?.text).toBe('Find a restaurant');
  });

  it('validates the stored props, not the substituted ones (expansion may exceed maxLength)', () => {
    // headline maxLength is 120: the stored text is 117 characters, the substituted one 137.
    const headline = `${'x'.repeat(105)}{earnLevels}`;
    const page = resolve({ version: 1, blocks: { s: { type: 'how-it-works', props: { headline } } }, order: ['s'] });
    expect(ok(page, 's').props.headline).toBe(`${'x'.repeat(105)}1 miles per $2 or 5 miles per $1`);
  });

  it('has a null title when the layout has none', () => {
    expect(resolve({ version: 1, blocks: {}, order: [] }).title).toBeNull();
  });

  it('filters blocks by their `when` condition for the visitor', () => {
    const layout = {
      version: 1,
      blocks: {
        join: { type: 'spacer', when: { visitor: ['anonymous'] } },
        offers: { type: 'spacer', when: { visitor: ['cardMember'], tier: [2, 3] } },
        vip: { type: 'spacer', when: { flags: { hasVIP: true } } },
        always: { type: 'spacer' },
      },
      order: ['join', 'offers', 'vip', 'always'],
    };
    expect(ids(resolve(layout))).toEqual(['join', 'always']);
    expect(ids(resolve(layout, { visitor: visitor({ kind: 'cardMember', tier: 2 }) }))).toEqual(['offers', 'always']);
    expect(ids(resolve(layout, { visitor: visitor({ kind: 'cardMember', tier: 1, flags: { hasVIP: true } }) }))).toEqual(['vip', 'always']);
    // Hidden blocks are not problems.
    expect(resolve(layout).problems).toEqual([]);
  });

  it('still reports invalid props of a block hidden by `when` (editors must see it)', () => {
    const page = resolve({ version: 1, blocks: { t: { type: 'text-block', props: {}, when: { visitor: ['cardMember'] } } }, order: ['t'] });
    expect(failed(page, 't').problems[0]?.pointer).toBe('/blocks/t/props');
  });
});
