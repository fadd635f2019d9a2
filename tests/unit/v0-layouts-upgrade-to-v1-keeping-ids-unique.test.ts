import { describe, expect, it } from 'vitest';
import { validateLayout } from '#shared/generated/validators.js';
import { CURRENT_LAYOUT_VERSION, migrateLayout } from '#shared/page/migrations.ts';

describe('migrateLayout', () => {
  it('upgrades a v0 array layout to v1 with blocks keyed by id and order by position', () => {
    const v0 = {
      title: 'Home',
      blocks: [
        { id: 'hero', type: 'cms-banner', props: { title: 'Hi' } },
        { id: 'steps', type: 'how-it-works', disabled: true },
        { id: 'nearby', type: 'merchant-carousel', props: { headline: 'Near you' }, when: { visitor: ['cardMember'] } },
      ],
    };
    const v1 = migrateLayout(v0);
    expect(v1).toEqual({
      title: 'Home',
      version: 1,
      blocks: {
        hero: { type: 'cms-banner', props: { title: 'Hi' } },
        steps: { type: 'how-it-works', disabled: true },
        nearby: { type: 'merchant-carousel', props: { headline: 'Near you' }, when: { visitor: ['cardMember'] } },
      },
      order: ['hero', 'steps', 'nearby'],
    });
    expect(validateLayout(v1)).toBe(true);
    expect(CURRENT_LAYOUT_VERSION).toBe(1);
  });

  it('keeps given ids, names unnamed blocks by position, and makes duplicates unique', () => {
    const v1 = migrateLayout({
      blocks: [{ id: 'a', type: 'x' }, { type: 'y' }, { id: 'a', type: 'z' }, { id: '', type: 'w' }, { id: 'a', type: 'v' }],
    }) as { blocks: Record<string, { type: string }>; order: string[] };
    expect(v1.order).toEqual(['a', 'block2', 'a_3', 'block4', 'a_5']);
    expect(Object.keys(v1.blocks)).toEqual(v1.order);
    expect(v1.order.map((id) => v1.blocks[id]?.type)).toEqual(['x', 'y', 'z', 'w', 'v']);
    expect(new Set(v1.order).size).toBe(v1.order.length);
  });

  it('keeps duplicates unique even when the generated name is taken', () => {
    const v1 = migrateLayout({
      blocks: [
        { id: 'a_2', type: 'x' },
        { id: 'a', type: 'y' },
        { id: 'a', type: 'z' },
      ],
    }) as { order: string[] };
    expect(v1.order).toEqual(['a_2', 'a', 'a_3']);
    const v1b = migrateLayout({
      blocks: [
        { id: 'a', type: 'x' },
        { id: 'a', type: 'y' },
        { id: 'a_2', type: 'z' },
      ],
    }) as { order: string[] };
    expect(new Set(v1b.order).size).toBe(3);
  });

  it('treats ids named like Object.prototype members as ordinary ids', () => {
    const v1 = migrateLayout({
      blocks: [
        { id: 'constructor', type: 'x' },
        { id: 'toString', type: 'y' },
      ],
    }) as { order: string[] };
    expect(v1.order).toEqual(['constructor', 'toString']);
  });

  it('returns a v1 layout unchanged', () => {
    const v1 = { version: 1, blocks: { a: { type: 'x' } }, order: ['a'] };
    expect(migrateLayout(v1)).toBe(v1);
  });

  it('leaves values it cannot upgrade for validation to reject', () => {
    for (const raw of [
      null,
      'home',
      3,
      [{ type: 'x' }],
      { version: 'one', blocks: [] },
      { version: null, blocks: [] },
      { version: 9, blocks: {} },
    ]) {
      const out = migrateLayout(raw);
      expect(out).toBe(raw);
    }
    // Not a v0 layout (no blocks array): upgrading would make a valid empty page out of a broken one.
    const noBlocks = { order: ['a'] };
    expect(migrateLayout(noBlocks)).toBe(noBlocks);
    expect(validateLayout(migrateLayout({}))).toBe(false);
    expect(validateLayout(migrateLayout({ blocks: { a: { type: 'x' } }, order: ['a'] }))).toBe(false);
  });

  it('does not modify its input', () => {
    const v0 = { blocks: [{ id: 'a', type: 'x', props: { n: 1 } }] };
    migrateLayout(v0);
    expect(v0).toEqual({ blocks: [{ id: 'a', type: 'x', props: { n: 1 } }] });
  });
});
