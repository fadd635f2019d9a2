import { describe, expect, it } from 'vitest';
import { diffEntries, diffLayouts, pathLabel, valueLabel } from './diff.ts';

const layout = (order: string[], blocks: Record<string, object>, title?: string) => ({ version: 1, title, order, blocks });

describe('diffLayouts', () => {
  const a = layout(['hero', 'steps', 'carousel', 'browse'], {
    hero: { type: 'cms-banner', props: { slug: 'sky-hero' } },
    steps: { type: 'how-it-works', props: { headline: 'How it works' } },
    carousel: { type: 'merchant-carousel', props: { title: 'Top rated', query: { sortBy: 'rating' } } },
    browse: { type: 'browse-link', props: { text: 'Browse' } },
  });

  it('names blocks added, removed and moved, not the ones that only shifted', () => {
    const b = layout(['carousel', 'hero', 'steps', 'new'], {
      hero: { type: 'cms-banner', props: { slug: 'sky-hero' } },
      steps: { type: 'how-it-works', props: { headline: 'How it works' } },
      carousel: { type: 'merchant-carousel', props: { title: 'Top rated', query: { sortBy: 'rating' } } },
      new: { type: 'page-heading', props: { text: 'Hi' } },
    });
    expect(diffLayouts(a, b)).toEqual([
      { kind: 'removed', id: 'browse', type: 'browse-link' },
      { kind: 'added', id: 'new', type: 'page-heading' },
      { kind: 'moved', id: 'carousel', type: 'merchant-carousel', from: 3, to: 1 },
    ]);
  });

  it('names changed fields, audience, visibility and the page title', () => {
    const b = structuredClone(a) as ReturnType<typeof layout>;
    b.title = 'Discover';
    (b.blocks.carousel as { props: { title: string; query: { sortBy: string } } }).props.query.sortBy = 'distance';
    (b.blocks.steps as { when?: object }).when = { visitor: ['anonymous'] };
    (b.blocks.browse as { disabled?: boolean }).disabled = true;
    expect(diffLayouts(a, b)).toEqual([
      { kind: 'field', id: null, type: null, path: ['title'], before: undefined, after: 'Discover' },
      { kind: 'audience', id: 'steps', type: 'how-it-works', before: undefined, after: { visitor: ['anonymous'] } },
      { kind: 'field', id: 'carousel', type: 'merchant-carousel', path: ['query', 'sortBy'], before: 'rating', after: 'distance' },
      { kind: 'hidden', id: 'browse', type: 'browse-link' },
    ]);
  });

  it('finds nothing between equal layouts', () => {
    expect(diffLayouts(a, structuredClone(a))).toEqual([]);
  });
});

describe('diffEntries', () => {
  it('names each changed field of a form entry, list items by position', () => {
    const before = { title: 'Hi', banner_text: [{ type: 'title', text_desktop: 'Old' }], user_states: ['anonymous'] };
    const after = {
      title: 'Hi',
      banner_text: [
        { type: 'title', text_desktop: 'New' },
        { type: 'button', text_desktop: 'Go' },
      ],
      user_states: ['anonymous', 'tier_2'],
    };
    const changes = diffEntries(before, after);
    expect(changes.map((c) => (c.kind === 'field' ? pathLabel(c.path) : c.kind))).toEqual([
      'Banner text › 1 › Text desktop',
      'Banner text › 2',
      'User states',
    ]);
  });
});

describe('valueLabel', () => {
  it('quotes and shortens text, says (empty) for nothing', () => {
    expect(valueLabel('  two\n words ', '(empty)')).toBe('“two words”');
    expect(valueLabel('x'.repeat(100), '(empty)')).toHaveLength(82);
    expect(valueLabel(undefined, '(empty)')).toBe('(empty)');
    expect(valueLabel(true, '(empty)')).toBe('on');
  });
});
